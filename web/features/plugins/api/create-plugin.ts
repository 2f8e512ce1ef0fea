import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlugin } from '@common/plugins';
import type { PluginCreate } from '@common/plugin-admin';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';

/** POST /api/admin/plugins: a new plugin (slug and name; the rest may follow). */
export const createPlugin = (input: PluginCreate): Promise<AdminPlugin> => apiJson<AdminPlugin>('POST', '/api/admin/plugins', input);

export function useCreatePlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlugin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey }),
  });
}
