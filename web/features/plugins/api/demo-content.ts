import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoContent } from '@common/plugin-admin';
import { apiGet, apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';

// GET /api/admin/demo-content and POST /api/admin/demo-content/remove (docs/plugins.md, "Remove demo content").
export const demoContentQueryKey = ['/api/admin/demo-content'] as const;

export const demoContentQueryOptions = () =>
  queryOptions({ queryKey: demoContentQueryKey, queryFn: () => apiGet<DemoContent>('/api/admin/demo-content'), refetchOnMount: 'always' });

export const useDemoContent = () => useQuery(demoContentQueryOptions());

export function useRemoveDemoContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<DemoContent>('POST', '/api/admin/demo-content/remove'),
    onSuccess: async (content) => {
      queryClient.setQueryData(demoContentQueryKey, content);
      await queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey });
    },
  });
}
