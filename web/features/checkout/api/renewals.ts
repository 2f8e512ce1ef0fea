import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentResponse } from '@common/checkout';
import type { RenewalIntentBody, RenewalQuote } from '@common/renewals';
import { apiJson } from '@/lib/api';

/** The buyer's country and VAT number the renewal quote is taxed for (docs/tax.md "Renewals"); empty: those on record. */
export interface RenewalBuyer {
  country?: string;
  state?: string;
  vat_number?: string;
}

/** POST /api/renewals/quote: the licence, its renewal and its upgrades with their tax (the key travels in the body, not a URL). */
export const getRenewalQuote = (licenseKey: string, buyer: RenewalBuyer = {}): Promise<RenewalQuote> =>
  apiJson<RenewalQuote>('POST', '/api/renewals/quote', { license_key: licenseKey, ...buyer });

export const useRenewalQuote = (licenseKey: string, buyer: RenewalBuyer, options: { refetchInterval?: number | false } = {}) =>
  useQuery({
    queryKey: ['renewal-quote', licenseKey, buyer],
    queryFn: () => getRenewalQuote(licenseKey, buyer),
    enabled: licenseKey !== '',
    retry: false,
    placeholderData: keepPreviousData,
    ...options,
  });

/** POST /api/renewals/payment-intent: a pending renewal or upgrade order; answers the client secret. */
export const createRenewalIntent = (body: RenewalIntentBody): Promise<CreatePaymentIntentResponse> =>
  apiJson<CreatePaymentIntentResponse>('POST', '/api/renewals/payment-intent', body);

export const useCreateRenewalIntent = () => useMutation({ mutationFn: createRenewalIntent });
