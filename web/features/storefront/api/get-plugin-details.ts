import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicPluginDetails } from '@common/catalog';
import { publicPluginDetailsQueryKey } from '@common/public-queries';
import { ApiError, apiGet } from '@/lib/api';

const NONE: PublicPluginDetails = { faq: [], changelog: [] };

/** GET /api/plugins/{slug}/details: the plugin page's FAQ and changelog (its HTML carries them); a 404 has none. */
export async function getPluginDetails(slug: string): Promise<PublicPluginDetails> {
  try {
    const details = await apiGet<PublicPluginDetails>(`/api/plugins/${encodeURIComponent(slug)}/details`);
    return { faq: Array.isArray(details?.faq) ? details.faq : [], changelog: Array.isArray(details?.changelog) ? details.changelog : [] };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return NONE;
    throw error;
  }
}

export const pluginDetailsQueryOptions = (slug: string) => queryOptions({ queryKey: publicPluginDetailsQueryKey(slug), queryFn: () => getPluginDetails(slug) });

export const usePluginDetails = (slug: string) => useQuery(pluginDetailsQueryOptions(slug));
