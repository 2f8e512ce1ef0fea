import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentSetup } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { AFFECTED_QUERY_KEYS, paymentSetupQueryKey } from './payment-setup';

/** POST /api/admin/payment-setup/live: "Go live" (refused with its reasons) or back to test payments. */
export const setPaymentsLive = (live: boolean): Promise<PaymentSetup> => apiJson<PaymentSetup>('POST', '/api/admin/payment-setup/live', { live });

export function useSetPaymentsLive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentsLive,
    onSuccess: async (setup) => {
      queryClient.setQueryData(paymentSetupQueryKey, setup);
      await Promise.all(AFFECTED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
