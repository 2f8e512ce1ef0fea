import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResendEmailResponse } from '@common/orders';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/orders/{id}/resend-email from a customer's page: the order's licence e-mail again, with a fresh download link. */
export const resendCustomerOrderEmail = (orderId: number): Promise<ResendEmailResponse> => apiJson('POST', `/api/admin/orders/${orderId}/resend-email`);

export function useResendCustomerOrderEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendCustomerOrderEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
