import { apiRequest } from '@/lib/api';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout').catch(() => undefined);
}
