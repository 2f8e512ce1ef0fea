import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { useInvalidatingMutation } from '@/lib/mutations';
import { releasesQueryKey } from './get-releases';

/** DELETE /api/admin/releases/{id}: only a release no site was ever offered (409 otherwise). */
export const deleteRelease = (id: number): Promise<null> => apiJson<null>('DELETE', `/api/admin/releases/${id}`);

export const useDeleteRelease = () => useInvalidatingMutation(deleteRelease, [releasesQueryKey, adminPluginsQueryKey]);
