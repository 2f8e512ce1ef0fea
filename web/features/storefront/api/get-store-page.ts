import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorePage, StorePageSlug } from '@common/store-pages';
import { storePageQueryKey } from '@common/public-queries';
import { apiGet } from '@/lib/api';

/** GET /api/pages/{slug}: the vendor's text page with its Markdown rendered safely by the server. */
export const getStorePage = (slug: StorePageSlug): Promise<StorePage> => apiGet<StorePage>(`/api/pages/${slug}`);

export const storePageQueryOptions = (slug: StorePageSlug) => queryOptions({ queryKey: storePageQueryKey(slug), queryFn: () => getStorePage(slug) });

export const useStorePage = (slug: StorePageSlug) => useQuery(storePageQueryOptions(slug));
