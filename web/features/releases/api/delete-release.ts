import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { releasesQueryKey } from './get-releases';

/** DELETE /api/admin/releases/{id}: only a release no site was ever offered (409 otherwise). */
export const deleteRelease = (id: number): Promise<null> => apiJson<null>('DELETE', `/api/admin/releases/${id}`);

export function useDeleteRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRelease,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: releasesQueryKey }), queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey })]),
  });
}
