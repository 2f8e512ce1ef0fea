import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenResponse } from '@common/settings';
import { apiJson } from '@/lib/api';
import { settingsQueryKey } from './get-settings';

/** POST /api/admin/settings/api-token: creates or rotates the admin API token and answers it once. */
export const rotateApiToken = (): Promise<ApiTokenResponse> => apiJson<ApiTokenResponse>('POST', '/api/admin/settings/api-token');

export function useRotateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
