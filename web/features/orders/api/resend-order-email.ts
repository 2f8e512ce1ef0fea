import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResendEmailResponse } from '@common/orders';
import { apiJson } from '@/lib/api';
import { ordersQueryKey } from './get-orders';
import { emailsQueryKey } from './get-order-emails';

/** POST /api/admin/orders/{id}/resend-email: sends the licence e-mail again with a fresh download link. */
export const resendOrderEmail = (orderId: number): Promise<ResendEmailResponse> =>
  apiJson<ResendEmailResponse>('POST', `/api/admin/orders/${orderId}/resend-email`);

export function useResendOrderEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOrderEmail,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      await queryClient.invalidateQueries({ queryKey: emailsQueryKey });
    },
  });
}
