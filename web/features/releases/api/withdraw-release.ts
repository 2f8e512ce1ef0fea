import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Release } from '@common/releases';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { releasesQueryKey } from './get-releases';

/** POST /api/admin/releases/{id}/withdraw: no longer offered or downloadable; the file stays. */
export const withdrawRelease = (id: number): Promise<Release> => apiJson<Release>('POST', `/api/admin/releases/${id}/withdraw`);

export function useWithdrawRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawRelease,
    // The plugin's current version follows the latest release left.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: releasesQueryKey }), queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey })]),
  });
}

/** POST /api/admin/releases/{id}/rollback: withdraws it and offers its sites the release before it (docs/releases.md, "Rollback"). */
export const withdrawWithRollback = (id: number): Promise<Release> => apiJson<Release>('POST', `/api/admin/releases/${id}/rollback`);

export function useWithdrawWithRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawWithRollback,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: releasesQueryKey }), queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey })]),
  });
}
