import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountReview, AccountReviews, ReviewInput } from '@common/reviews';
import { apiGet, apiJson } from '@/lib/api';
import { accountQueryKey, forgetEndedSession } from './get-me';

export const reviewsQueryKey = [...accountQueryKey, 'reviews'] as const;
const REVIEWS_API = '/api/account/reviews';

/** GET /api/account/reviews: the customer's reviews and the plugins they may review. */
export const getReviews = (): Promise<AccountReviews> => apiGet<AccountReviews>(REVIEWS_API);

export const reviewsQueryOptions = () => queryOptions({ queryKey: reviewsQueryKey, queryFn: getReviews });

export const useReviews = (enabled: boolean) => useQuery({ ...reviewsQueryOptions(), enabled });

/** POST (a new review) or PUT (an edit, back to pending) /api/account/reviews. */
export const saveReview = ({ input, isEdit }: { input: ReviewInput; isEdit: boolean }): Promise<AccountReview> =>
  apiJson<AccountReview>(isEdit ? 'PUT' : 'POST', REVIEWS_API, input);

export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQueryKey }),
    onError: (error) => forgetEndedSession(queryClient, error),
  });
}
