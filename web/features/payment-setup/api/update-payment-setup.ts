import type { PaymentSetup, PaymentSetupUpdate } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { AFFECTED_QUERY_KEYS, paymentSetupQueryKey } from './payment-setup';

/** PUT /api/admin/payment-setup: saves keys (a secret needs a recent sign-in or the password). */
export const updatePaymentSetup = (body: PaymentSetupUpdate): Promise<PaymentSetup> => apiJson<PaymentSetup>('PUT', '/api/admin/payment-setup', body);

export const useUpdatePaymentSetup = () =>
  useInvalidatingMutation(updatePaymentSetup, AFFECTED_QUERY_KEYS, (setup, queryClient) => queryClient.setQueryData(paymentSetupQueryKey, setup));
