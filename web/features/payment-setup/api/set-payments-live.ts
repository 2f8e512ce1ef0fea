import type { PaymentSetup } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { AFFECTED_QUERY_KEYS, paymentSetupQueryKey } from './payment-setup';

/** POST /api/admin/payment-setup/live: "Go live" (refused with its reasons) or back to test payments. */
export const setPaymentsLive = (live: boolean): Promise<PaymentSetup> => apiJson<PaymentSetup>('POST', '/api/admin/payment-setup/live', { live });

export const useSetPaymentsLive = () =>
  useInvalidatingMutation(setPaymentsLive, AFFECTED_QUERY_KEYS, (setup, queryClient) => queryClient.setQueryData(paymentSetupQueryKey, setup));
