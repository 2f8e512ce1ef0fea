import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReleaseHealth } from '@common/release-health';
import { apiGet } from '@/lib/api';
import { releasesQueryKey } from './get-releases';

/** GET /api/admin/releases/{id}/health: sites updated, failures and the rate (under the releases key, so release changes refresh it). */
export const releaseHealthQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...releasesQueryKey, 'health', id], queryFn: () => apiGet<ReleaseHealth>(`/api/admin/releases/${id}/health`) });

export const useReleaseHealth = (id: number) => useQuery(releaseHealthQueryOptions(id));
