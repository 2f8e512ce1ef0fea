import type { Order } from '@common/orders';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { ordersQueryKey } from './get-orders';
import { emailsQueryKey } from './get-order-emails';

/**
 * POST /api/admin/orders/{id}/refund: the whole amount back through the order's provider; the licence is revoked.
 * `alsoRefund`: other paid orders of the same licence (its renewals), refunded with it.
 */
export const refundOrder = ({ orderId, alsoRefund = [] }: { orderId: number; alsoRefund?: number[] }): Promise<Order> =>
  apiJson<Order>('POST', `/api/admin/orders/${orderId}/refund`, alsoRefund.length > 0 ? { also_refund: alsoRefund } : undefined);

export const useRefundOrder = () => useInvalidatingMutation(refundOrder, [ordersQueryKey, emailsQueryKey]);
