import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutConfig } from '@common/checkout';
import { apiGet } from '@/lib/api';

/** GET /api/checkout/config: Stripe (with its publishable key) or the built-in test provider. */
export const getCheckoutConfig = (): Promise<CheckoutConfig> => apiGet<CheckoutConfig>('/api/checkout/config');

export const checkoutConfigQueryOptions = () => queryOptions({ queryKey: ['/api/checkout/config'], queryFn: getCheckoutConfig });

export const useCheckoutConfig = () => useQuery(checkoutConfigQueryOptions());
