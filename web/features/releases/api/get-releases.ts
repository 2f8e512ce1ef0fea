import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Release } from '@common/releases';
import { noticeSessionEnd } from '@/lib/api';

/** The owner of the releases cache key; mutations invalidate through it. */
export const releasesQueryKey = ['/api/admin/releases'] as const;

/** GET /api/admin/releases (optional ?plugin_slug): newest first. */
export async function getReleases(pluginSlug?: string): Promise<Release[]> {
  const url = pluginSlug ? `/api/admin/releases?plugin_slug=${encodeURIComponent(pluginSlug)}` : '/api/admin/releases';
  const response = await fetch(url, { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  noticeSessionEnd(response);
  if (!response.ok) throw new Error('Failed to fetch releases');
  return (await response.json()) as Release[];
}

export const releasesQueryOptions = (pluginSlug?: string) =>
  queryOptions({ queryKey: [...releasesQueryKey, pluginSlug ?? 'all'], queryFn: () => getReleases(pluginSlug) });

export const useReleases = (pluginSlug?: string) => useQuery(releasesQueryOptions(pluginSlug));
