import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutConfig } from '@common/checkout';
import { CHECKOUT_CONFIG_URL, checkoutConfigQueryKey } from '@common/public-queries';
import { apiGet } from '@/lib/api';

/** GET /api/checkout/config: Stripe (with its publishable key) or the built-in test provider. */
export const getCheckoutConfig = (): Promise<CheckoutConfig> => apiGet<CheckoutConfig>(CHECKOUT_CONFIG_URL);

export const checkoutConfigQueryOptions = () => queryOptions({ queryKey: checkoutConfigQueryKey, queryFn: getCheckoutConfig });

export const useCheckoutConfig = () => useQuery(checkoutConfigQueryOptions());
