import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPlugin } from '@common/catalog';
import { PUBLIC_PLUGINS_URL, publicPluginsQueryKey } from '@common/public-queries';
import { apiGet } from '@/lib/api';

/**
 * The owner of the public plugin list (GET /api/plugins/public: the active plugins with display data, primary
 * image, release and purchasable flag), read by the storefront and the checkout. On the first page it is already in
 * the cache: the server sends it with the HTML (web/lib/initial-data.ts).
 */
export const getPublicPlugins = (): Promise<PublicPlugin[]> => apiGet<PublicPlugin[]>(PUBLIC_PLUGINS_URL);

export const publicPluginsQueryOptions = () => queryOptions({ queryKey: publicPluginsQueryKey, queryFn: getPublicPlugins });

export const usePublicPlugins = () => useQuery(publicPluginsQueryOptions());

/** One plugin of the list (null while loading or when there is no such active plugin). */
export const usePublicPlugin = (slug: string | null) => {
  const query = usePublicPlugins();
  return { ...query, plugin: query.data?.find((plugin) => plugin.slug === slug) ?? null };
};

/** Every price tier of the plugins that can be bought now: what the landing and the catalogue say a licence covers. */
export const useTiersOnSale = () => (usePublicPlugins().data ?? []).filter((plugin) => plugin.is_purchasable).flatMap((plugin) => plugin.prices);
