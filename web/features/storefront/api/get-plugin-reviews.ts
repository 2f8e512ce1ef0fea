import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReview } from '@common/reviews';
import { ApiError, apiGet } from '@/lib/api';

/** GET /api/plugins/{slug}/reviews: the approved reviews, newest first; a 404 has none. */
export async function getPluginReviews(slug: string): Promise<PublicReview[]> {
  try {
    const reviews = await apiGet<PublicReview[]>(`/api/plugins/${encodeURIComponent(slug)}/reviews`);
    return Array.isArray(reviews) ? reviews : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const pluginReviewsQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['public', 'plugin-reviews', slug], queryFn: () => getPluginReviews(slug) });

export const usePluginReviews = (slug: string) => useQuery(pluginReviewsQueryOptions(slug));
