import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export interface ChangePasswordInput {
  current_password: string;
  new_password: string;
}

/** POST /api/admin/password: every session ends, so the page signs in again afterwards. */
export const changePassword = (input: ChangePasswordInput): Promise<{ success: boolean }> =>
  apiJson<{ success: boolean }>('POST', '/api/admin/password', input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
