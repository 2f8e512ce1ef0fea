import { useQuery } from '@tanstack/react-query';
import type { PaymentEventRecord } from '@common/orders';
import { apiGet } from '@/lib/api';

// Like orders, these arrive from webhooks outside this browser: refetch whenever the page opens.
export const useUnmatchedPaymentEvents = () =>
  useQuery({
    queryKey: ['/api/admin/payment-events/unmatched'],
    queryFn: () => apiGet<PaymentEventRecord[]>('/api/admin/payment-events/unmatched'),
    refetchOnMount: 'always',
  });
