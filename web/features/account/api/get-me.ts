import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type Customer } from '@common/account';
import { ApiError, apiGetOrNull } from '@/lib/api';

/** The owner of every customer cache key: signing in or out drops them all, so no customer sees another's data. */
export const accountQueryKey = ['/api/account'] as const;
export const meQueryKey = [...accountQueryKey, 'me'] as const;

/** GET /api/account/me: the signed-in customer, or null without a live customer session (401). */
export const getMe = (): Promise<Customer | null> => apiGetOrNull<Customer>(ACCOUNT_API.me);

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, refetchOnMount: 'always' });

export const useMe = () => useQuery(meQueryOptions());

/**
 * A customer call answered 401: the session ended (30 days, or signed out in another tab). Forget the customer,
 * so the account pages go to the sign-in page instead of showing the stale data beside an error toast.
 */
export function forgetEndedSession(queryClient: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  // Set, not removed: the page's own `me` observer must see the null to leave (a removed query leaves it on
  // the old, cached customer). Every other customer query goes.
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ queryKey: accountQueryKey, predicate: (query) => query.queryKey[1] !== meQueryKey[1] });
}
