import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutOrder } from '@common/checkout';
import { apiJson } from '@/lib/api';

/** How often and how long the success page asks while a payment waits for its provider's confirmation (Stripe's webhook). */
const POLL_MS = 2_000;
const POLLS = 30;

/** POST /api/checkout/order: the order of this browser's checkout, proven by its client secret; 404 for any other. */
export const getCheckoutOrder = (clientSecret: string): Promise<CheckoutOrder> => apiJson<CheckoutOrder>('POST', '/api/checkout/order', { clientSecret });

export const checkoutOrderQueryOptions = (clientSecret: string) =>
  queryOptions({
    queryKey: ['/api/checkout/order', clientSecret],
    queryFn: () => getCheckoutOrder(clientSecret),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.dataUpdateCount < POLLS ? POLL_MS : false),
  });

/** Disabled without a proof. `isPolling`: still waiting for a pending payment to be confirmed. */
export function useCheckoutOrder(clientSecret: string | null) {
  const options = checkoutOrderQueryOptions(clientSecret ?? '');
  const query = useQuery({ ...options, enabled: clientSecret !== null });
  const answers = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;
  return { ...query, isPolling: query.data?.status === 'pending' && answers < POLLS };
}
