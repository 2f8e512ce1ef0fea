import type { Release } from '@common/releases';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { useInvalidatingMutation } from '@/lib/mutations';
import { releasesQueryKey } from './get-releases';

/** POST /api/admin/releases/{id}/withdraw: no longer offered or downloadable; the file stays. */
export const withdrawRelease = (id: number): Promise<Release> => apiJson<Release>('POST', `/api/admin/releases/${id}/withdraw`);

// The plugin's current version follows the latest release left.
export const useWithdrawRelease = () => useInvalidatingMutation(withdrawRelease, [releasesQueryKey, adminPluginsQueryKey]);

/** POST /api/admin/releases/{id}/rollback: withdraws it and offers its sites the release before it (docs/releases.md, "Rollback"). */
export const withdrawWithRollback = (id: number): Promise<Release> => apiJson<Release>('POST', `/api/admin/releases/${id}/rollback`);

export const useWithdrawWithRollback = () => useInvalidatingMutation(withdrawWithRollback, [releasesQueryKey, adminPluginsQueryKey]);
