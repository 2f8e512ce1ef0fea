import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlugin } from '@common/plugins';
import type { PluginPatch } from '@common/plugin-admin';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';

/** PATCH /api/admin/plugins/{slug}: catalogue fields, the slug, or `retired`. */
export const updatePlugin = ({ slug, patch }: { slug: string; patch: PluginPatch }): Promise<AdminPlugin> =>
  apiJson<AdminPlugin>('PATCH', `/api/admin/plugins/${encodeURIComponent(slug)}`, patch);

export function useUpdatePlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlugin,
    // The detail query sits under the list key, so this refreshes both.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey }),
  });
}
