import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StripeCheck } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { AFFECTED_QUERY_KEYS, paymentSetupQueryKey } from './payment-setup';

/** POST /api/admin/payment-setup/check: Stripe is asked whether the saved keys work together. */
export const checkStripe = (): Promise<StripeCheck> => apiJson<StripeCheck>('POST', '/api/admin/payment-setup/check');

export function useCheckStripe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkStripe,
    onSuccess: () => Promise.all([paymentSetupQueryKey, ...AFFECTED_QUERY_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
