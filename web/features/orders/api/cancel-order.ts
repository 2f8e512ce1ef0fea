import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@common/orders';
import { apiJson } from '@/lib/api';
import { ordersQueryKey } from './get-orders';

/** POST /api/admin/orders/{id}/cancel: an order waiting for payment is cancelled (docs/checkout.md). */
export const cancelOrder = (orderId: number): Promise<Order> => apiJson<Order>('POST', `/api/admin/orders/${orderId}/cancel`);

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
