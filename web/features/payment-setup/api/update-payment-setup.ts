import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentSetup, PaymentSetupUpdate } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { AFFECTED_QUERY_KEYS, paymentSetupQueryKey } from './payment-setup';

/** PUT /api/admin/payment-setup: saves keys (a secret needs a recent sign-in or the password). */
export const updatePaymentSetup = (body: PaymentSetupUpdate): Promise<PaymentSetup> => apiJson<PaymentSetup>('PUT', '/api/admin/payment-setup', body);

export function useUpdatePaymentSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentSetup,
    onSuccess: async (setup) => {
      queryClient.setQueryData(paymentSetupQueryKey, setup);
      await Promise.all(AFFECTED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
