import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPlugin } from '@common/catalogue';
import { apiGet } from '@/lib/api';

/** GET /api/plugins/public: the plugin being bought, its price and whether it can be bought. */
export const getPublicPlugins = (): Promise<PublicPlugin[]> => apiGet<PublicPlugin[]>('/api/plugins/public');

// Same URL key as the storefront's list, so arriving from the landing page reuses what it loaded.
export const publicPluginsQueryOptions = () => queryOptions({ queryKey: ['/api/plugins/public'], queryFn: getPublicPlugins });

export const usePublicPlugin = (slug: string | null) => {
  const query = useQuery(publicPluginsQueryOptions());
  return { ...query, plugin: query.data?.find((plugin) => plugin.slug === slug) ?? null };
};
