import { useQueries } from '@tanstack/react-query';
import type { AdminPrice } from '@common/prices';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins/{slug}/prices for each plugin: the coupon form's tier picker, by plugin and tier name. */
export const getTiersOf = (slug: string): Promise<AdminPrice[]> => apiGet<AdminPrice[]>(`/api/admin/plugins/${encodeURIComponent(slug)}/prices`);

export const useTiersOfPlugins = (slugs: string[]) =>
  useQueries({
    queries: slugs.map((slug) => ({ queryKey: ['/api/admin/plugins', slug, 'prices'] as const, queryFn: () => getTiersOf(slug) })),
    combine: (results) => results.flatMap((result) => result.data ?? []),
  });
