import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSetup } from '@common/payment-setup';
import { apiGet } from '@/lib/api';

// GET /api/admin/payment-setup: the Payments page (docs/payment-setup.md). Secrets come back as "last four" only.
export const paymentSetupQueryKey = ['/api/admin/payment-setup'] as const;

/** Other pages' queries this page's changes move: the dashboard's checklist and the outbox (full or masked links). */
export const AFFECTED_QUERY_KEYS = [['/api/admin/setup-checklist'], ['/api/admin/outbox']] as const;

export const getPaymentSetup = (): Promise<PaymentSetup> => apiGet<PaymentSetup>('/api/admin/payment-setup');

export const paymentSetupQueryOptions = () =>
  queryOptions({
    queryKey: paymentSetupQueryKey,
    queryFn: getPaymentSetup,
    // While a webhook secret is saved and no webhook has arrived, look again every 3 s so the tick appears by itself.
    refetchInterval: (query) => (query.state.data?.stripe.webhook_secret.is_set && !query.state.data.stripe.webhook_received_at ? 3000 : false),
  });

export const usePaymentSetup = () => useQuery(paymentSetupQueryOptions());
