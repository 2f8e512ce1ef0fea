import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPluginDetailWithSale } from '@common/plugin-admin';
import { apiGet } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';

/** GET /api/admin/plugins/{slug}: the plugin with its licence and release counts and its sale status. */
export const getPlugin = (slug: string): Promise<AdminPluginDetailWithSale> =>
  apiGet<AdminPluginDetailWithSale>(`/api/admin/plugins/${encodeURIComponent(slug)}`);

// Under the list's key, so whatever invalidates the plugin list refreshes this page too.
export const pluginQueryKey = (slug: string) => [...adminPluginsQueryKey, slug] as const;

// Fetched again each time the page opens: its sale status follows pricing, releases and Settings, changed elsewhere.
export const pluginQueryOptions = (slug: string) => queryOptions({ queryKey: pluginQueryKey(slug), queryFn: () => getPlugin(slug), staleTime: 0 });

export const usePlugin = (slug: string) => useQuery(pluginQueryOptions(slug));
