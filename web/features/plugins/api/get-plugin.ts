import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPluginDetail } from '@common/plugins';
import { apiGet } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';

/** GET /api/admin/plugins/{slug}: the plugin with its licence and release counts. */
export const getPlugin = (slug: string): Promise<AdminPluginDetail> => apiGet<AdminPluginDetail>(`/api/admin/plugins/${encodeURIComponent(slug)}`);

// Under the list's key, so whatever invalidates the plugin list refreshes this page too.
export const pluginQueryKey = (slug: string) => [...adminPluginsQueryKey, slug] as const;

export const pluginQueryOptions = (slug: string) => queryOptions({ queryKey: pluginQueryKey(slug), queryFn: () => getPlugin(slug) });

export const usePlugin = (slug: string) => useQuery(pluginQueryOptions(slug));
