import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlugin } from '@common/plugins';
import type { PluginPatch } from '@common/plugin-admin';
import { apiGet, apiJson } from './api';

// GET /api/admin/plugins: shared by the licences, releases and plugin-settings pages (selectors, filters, the
// Settings table). One owner of the cache key; mutations that change a plugin invalidate adminPluginsQueryKey.
export const getAdminPlugins = (): Promise<AdminPlugin[]> => apiGet<AdminPlugin[]>('/api/admin/plugins');

export const adminPluginsQueryKey = ['/api/admin/plugins'] as const;

export const adminPluginsQueryOptions = () => queryOptions({ queryKey: adminPluginsQueryKey, queryFn: getAdminPlugins });

export const useAdminPlugins = () => useQuery(adminPluginsQueryOptions());

/** PATCH /api/admin/plugins/{slug}: catalogue fields, the slug, `retired`, the product id or the pricing fields. */
export const updatePlugin = ({ slug, patch }: { slug: string; patch: PluginPatch }): Promise<AdminPlugin> =>
  apiJson<AdminPlugin>('PATCH', `/api/admin/plugins/${encodeURIComponent(slug)}`, patch);

export function useUpdatePlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlugin,
    // A plugin's detail query sits under the list key, so this refreshes both.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey }),
  });
}
