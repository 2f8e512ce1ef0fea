import type { AdminReview } from '@common/reviews';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { adminReviewsQueryKey } from './get-reviews';

/** POST /api/admin/reviews/{id}/approve or /hide: answers the review after it. */
export const moderateReview = ({ id, action }: { id: number; action: 'approve' | 'hide' }): Promise<AdminReview> =>
  apiJson<AdminReview>('POST', `/api/admin/reviews/${id}/${action}`);

export const useModerateReview = () => useInvalidatingMutation(moderateReview, [adminReviewsQueryKey]);
