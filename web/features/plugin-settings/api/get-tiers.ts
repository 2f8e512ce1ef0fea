import { useQuery } from '@tanstack/react-query';
import type { AdminPrice } from '@common/prices';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins/{slug}/prices: the plugin's tiers, for the price preview's line of what the first covers. */
export const getTiers = (slug: string): Promise<AdminPrice[]> => apiGet<AdminPrice[]>(`/api/admin/plugins/${encodeURIComponent(slug)}/prices`);

export const useTiers = (slug: string) => useQuery({ queryKey: ['/api/admin/plugins', slug, 'prices'] as const, queryFn: () => getTiers(slug) });
