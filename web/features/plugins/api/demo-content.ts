import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoContent } from '@common/plugin-admin';
import { apiGet, apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';
import { adminStoreIdentityQueryKey, adminStorePagesQueryKey } from '@/lib/store-identity-keys';
import { storeIdentityQueryKey, storePageQueryKey } from '@common/public-queries';
import { STORE_PAGE_SLUGS } from '@common/store-pages';

// GET /api/admin/demo-content and POST /api/admin/demo-content/remove (docs/plugins.md, "Remove demo content").
export const demoContentQueryKey = ['/api/admin/demo-content'] as const;

export const demoContentQueryOptions = () =>
  queryOptions({ queryKey: demoContentQueryKey, queryFn: () => apiGet<DemoContent>('/api/admin/demo-content'), refetchOnMount: 'always' });

export const useDemoContent = () => useQuery(demoContentQueryOptions());

export function useRemoveDemoContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { replace_identity: boolean }) => apiJson<DemoContent>('POST', '/api/admin/demo-content/remove', body),
    onSuccess: async (content) => {
      queryClient.setQueryData(demoContentQueryKey, content);
      await queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey });
      // The store identity and pages may have changed too (issue 40): every admin view of them reads afresh.
      const pages = STORE_PAGE_SLUGS.map((slug) => storePageQueryKey(slug));
      for (const queryKey of [adminStoreIdentityQueryKey, adminStorePagesQueryKey, storeIdentityQueryKey, ...pages])
        await queryClient.invalidateQueries({ queryKey });
    },
  });
}
