import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentResponse } from '@common/checkout';
import type { RenewalIntentBody, RenewalQuote } from '@common/renewals';
import { apiJson } from '@/lib/api';

/** POST /api/renewals/quote: the licence, its renewal and its upgrades (the key travels in the body, not a URL). */
export const getRenewalQuote = (licenseKey: string): Promise<RenewalQuote> => apiJson<RenewalQuote>('POST', '/api/renewals/quote', { license_key: licenseKey });

export const useRenewalQuote = (licenseKey: string, options: { refetchInterval?: number | false } = {}) =>
  useQuery({ queryKey: ['renewal-quote', licenseKey], queryFn: () => getRenewalQuote(licenseKey), enabled: licenseKey !== '', retry: false, ...options });

/** POST /api/renewals/payment-intent: a pending renewal or upgrade order; answers the client secret. */
export const createRenewalIntent = (body: RenewalIntentBody): Promise<CreatePaymentIntentResponse> =>
  apiJson<CreatePaymentIntentResponse>('POST', '/api/renewals/payment-intent', body);

export const useCreateRenewalIntent = () => useMutation({ mutationFn: createRenewalIntent });
