import { useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '@common/auth';
import { ApiError } from '@/lib/api';

/** POST /api/auth/login; a refused password answers the server's message as an error. */
export async function login(password: string): Promise<LoginResponse> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ password }),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return JSON.parse(text) as LoginResponse;
}

export const useLoginMutation = () => useMutation({ mutationFn: login });
