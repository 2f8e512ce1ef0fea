import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenseListPage } from '@common/licenses';
import { ApiError, apiGet } from '@/lib/api';

/** The owner of the licences cache key; every licence mutation invalidates through it. */
export const licensesQueryKey = ['/api/admin/licenses'] as const;

export interface LicenseListFilter {
  page: number;
  /** Keyset cursors (a page's next_cursor / prev_cursor): the next or previous page read off the index, not by offset. */
  after?: string;
  before?: string;
  search: string;
  /** undefined: all plugins. */
  pluginSlug?: string;
}

/** GET /api/admin/licenses?page=…: one page of licences, newest first, searched and filtered on the server, with the total. */
export async function getLicenses({ page, after, before, search, pluginSlug }: LicenseListFilter): Promise<LicenseListPage> {
  const params = new URLSearchParams({ page: String(page) });
  if (after) params.set('after', after);
  else if (before) params.set('before', before);
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
    queryKey: [
      ...licensesQueryKey,
      'list',
      { page: filter.page, after: filter.after, before: filter.before, search: filter.search.trim(), pluginSlug: filter.pluginSlug ?? 'all' },
    ],
    queryFn: () => getLicenses(filter),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export const useLicenses = (filter: LicenseListFilter) => useQuery(licensesQueryOptions(filter));
