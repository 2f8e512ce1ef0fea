import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutConfig } from '@common/checkout';
import { apiGet } from '@/lib/api';

/** GET /api/checkout/config, for the Price Tiers card: whether Lemon Squeezy takes the shop's payments (docs/pricing.md). */
export const getPaymentProvider = (): Promise<CheckoutConfig> => apiGet<CheckoutConfig>('/api/checkout/config');

export const paymentProviderQueryOptions = () => queryOptions({ queryKey: ['/api/checkout/config'] as const, queryFn: getPaymentProvider });

export const usePaymentProvider = () => useQuery(paymentProviderQueryOptions());
