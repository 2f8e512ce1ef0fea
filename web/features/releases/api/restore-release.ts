import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Release } from '@common/releases';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { releasesQueryKey } from './get-releases';

/** POST /api/admin/releases/{id}/restore: offered again (undoes a withdrawal). */
export const restoreRelease = (id: number): Promise<Release> => apiJson<Release>('POST', `/api/admin/releases/${id}/restore`);

export function useRestoreRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreRelease,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: releasesQueryKey }), queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey })]),
  });
}
