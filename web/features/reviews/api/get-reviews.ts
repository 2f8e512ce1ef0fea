import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReview, ReviewStatus } from '@common/reviews';
import { apiGet } from '@/lib/api';

export const adminReviewsQueryKey = ['admin', 'reviews'] as const;

export interface ReviewFilter {
  status: ReviewStatus | null;
  plugin: string | null;
}

/** GET /api/admin/reviews?status=&plugin=: newest first. */
export function getAdminReviews(filter: ReviewFilter): Promise<AdminReview[]> {
  const query = new URLSearchParams();
  if (filter.status) query.set('status', filter.status);
  if (filter.plugin) query.set('plugin', filter.plugin);
  const search = query.toString();
  return apiGet<AdminReview[]>(`/api/admin/reviews${search ? `?${search}` : ''}`);
}

export const adminReviewsQueryOptions = (filter: ReviewFilter) =>
  queryOptions({ queryKey: [...adminReviewsQueryKey, filter.status, filter.plugin], queryFn: () => getAdminReviews(filter) });

export const useAdminReviews = (filter: ReviewFilter) => useQuery(adminReviewsQueryOptions(filter));
