import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuote, CheckoutQuoteBody } from '@common/checkout';
import { apiJson } from '@/lib/api';

/** POST /api/checkout/quote: net, tax and total for the plugin, coupon and country chosen (docs/tax.md); writes nothing. */
export const fetchCheckoutQuote = (body: CheckoutQuoteBody): Promise<CheckoutQuote> => apiJson<CheckoutQuote>('POST', '/api/checkout/quote', body);

export const useCheckoutQuote = (body: CheckoutQuoteBody | null) =>
  useQuery({
    queryKey: ['checkout-quote', body],
    queryFn: () => fetchCheckoutQuote(body as CheckoutQuoteBody),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
