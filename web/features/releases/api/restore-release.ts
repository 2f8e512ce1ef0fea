import type { Release } from '@common/releases';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { useInvalidatingMutation } from '@/lib/mutations';
import { releasesQueryKey } from './get-releases';

/** POST /api/admin/releases/{id}/restore: offered again (undoes a withdrawal). */
export const restoreRelease = (id: number): Promise<Release> => apiJson<Release>('POST', `/api/admin/releases/${id}/restore`);

export const useRestoreRelease = () => useInvalidatingMutation(restoreRelease, [releasesQueryKey, adminPluginsQueryKey]);
