import { useEffect, useState } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { PublicPlugin } from '@common/catalogue';
import { apiGet } from '@/lib/api';

// The observer-based hook lives in use-public-plugins.ts: a module that imports useQuery pulls the query
// observer into every chunk that imports it, and the landing page must not load it.

/** GET /api/plugins/public: the active plugins with display data, release and purchasable flag. */
export const getPublicPlugins = (): Promise<PublicPlugin[]> => apiGet<PublicPlugin[]>('/api/plugins/public');

export const publicPluginsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/plugins/public'], queryFn: getPublicPlugins });

export interface PublicPluginsSnapshot {
  data: PublicPlugin[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * The landing page's variant: reads and fills the same cache entry through the query client, without a query
 * observer (about 5 KB of gzipped JavaScript), so `/` stays under its 100 KB budget (DESIGN.md section 9).
 */
export function usePublicPluginsSnapshot(): PublicPluginsSnapshot {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PublicPluginsSnapshot>(() => {
    const cached = queryClient.getQueryData(publicPluginsQueryOptions().queryKey);
    return { data: cached, isPending: cached === undefined, isError: false };
  });
  useEffect(() => {
    let isCurrent = true;
    queryClient.fetchQuery(publicPluginsQueryOptions()).then(
      (data) => isCurrent && setState({ data, isPending: false, isError: false }),
      () => isCurrent && setState({ data: undefined, isPending: false, isError: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [queryClient]);
  return state;
}
