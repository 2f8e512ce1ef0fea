import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenseListPage } from '@common/licenses';
import { ApiError, apiGet } from '@/lib/api';

/** The owner of the licences cache key; every licence mutation invalidates through it. */
export const licensesQueryKey = ['/api/admin/licenses'] as const;

export interface LicenseListFilter {
  page: number;
  search: string;
  /** undefined: all plugins. */
  pluginSlug?: string;
}

/** GET /api/admin/licenses?page=…: one page of licences, newest first, searched and filtered on the server, with the total. */
export async function getLicenses({ page, search, pluginSlug }: LicenseListFilter): Promise<LicenseListPage> {
  const params = new URLSearchParams({ page: String(page) });
  if (pluginSlug) params.set('plugin_slug', pluginSlug);
  if (search.trim()) params.set('search', search.trim());
  try {
    return await apiGet<LicenseListPage>(`/api/admin/licenses?${params.toString()}`);
  } catch (error) {
    if (error instanceof ApiError) throw new Error('Failed to fetch licenses', { cause: error });
    throw error;
  }
}

// WordPress sites activate licences outside this browser, so the list refetches whenever the page opens. The last
// page stays on screen while the next loads (as on the Customers page).
export const licensesQueryOptions = (filter: LicenseListFilter) =>
  queryOptions({
    queryKey: [...licensesQueryKey, 'list', { page: filter.page, search: filter.search.trim(), pluginSlug: filter.pluginSlug ?? 'all' }],
    queryFn: () => getLicenses(filter),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export const useLicenses = (filter: LicenseListFilter) => useQuery(licensesQueryOptions(filter));
