import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@common/orders';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/orders/{id}/refund from a customer's page: the whole amount back; the licence is revoked. */
export const refundCustomerOrder = (orderId: number): Promise<Order> => apiJson<Order>('POST', `/api/admin/orders/${orderId}/refund`);

export function useRefundCustomerOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundCustomerOrder, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
