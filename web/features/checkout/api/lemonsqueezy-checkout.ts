import { useMutation } from '@tanstack/react-query';
import type { LemonSqueezyCheckoutBody, LemonSqueezyCheckoutResponse } from '@common/checkout';
import { apiJson } from '@/lib/api';

/** POST /api/checkout/lemonsqueezy: the Lemon Squeezy hosted checkout address of a tier or a renewal (docs/pricing.md). */
export const createLemonSqueezyCheckout = (body: LemonSqueezyCheckoutBody): Promise<LemonSqueezyCheckoutResponse> =>
  apiJson<LemonSqueezyCheckoutResponse>('POST', '/api/checkout/lemonsqueezy', body);

export const useLemonSqueezyCheckout = () => useMutation({ mutationFn: createLemonSqueezyCheckout });
