import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPrice } from '@common/prices';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins/{slug}/prices: every tier of the plugin, active or not, in the storefront's order. */
export const getPrices = (slug: string): Promise<AdminPrice[]> => apiGet<AdminPrice[]>(`/api/admin/plugins/${encodeURIComponent(slug)}/prices`);

export const pricesQueryKey = (slug: string) => ['/api/admin/plugins', slug, 'prices'] as const;

export const pricesQueryOptions = (slug: string) => queryOptions({ queryKey: pricesQueryKey(slug), queryFn: () => getPrices(slug), staleTime: 0 });

export const usePrices = (slug: string) => useQuery(pricesQueryOptions(slug));
