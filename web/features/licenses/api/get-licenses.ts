import { queryOptions, useQuery } from '@tanstack/react-query';
import type { License } from '@common/licenses';
import { ApiError, apiGet } from '@/lib/api';

/** The owner of the licences cache key; every licence mutation invalidates through it. */
export const licensesQueryKey = ['/api/admin/licenses'] as const;

export async function getLicenses(pluginSlug?: string): Promise<License[]> {
  const url = pluginSlug ? `/api/admin/licenses?plugin_slug=${encodeURIComponent(pluginSlug)}` : '/api/admin/licenses';
  try {
    return await apiGet<License[]>(url);
  } catch (error) {
    if (error instanceof ApiError) throw new Error('Failed to fetch licenses', { cause: error });
    throw error;
  }
}

// WordPress sites activate licences outside this browser, so the list refetches whenever the page opens.
export const licensesQueryOptions = (pluginSlug?: string) =>
  queryOptions({ queryKey: [...licensesQueryKey, 'list', pluginSlug ?? 'all'], queryFn: () => getLicenses(pluginSlug), refetchOnMount: 'always' });

export const useLicenses = (pluginSlug?: string) => useQuery(licensesQueryOptions(pluginSlug));
