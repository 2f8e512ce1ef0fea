import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@common/orders';
import { apiGet } from '@/lib/api';
import { ordersQueryKey } from './get-orders';

/** GET /api/admin/orders/{id}/related: the licence's other paid orders, which a refund of this one may take along. */
export const getRelatedOrders = (orderId: number): Promise<Order[]> => apiGet<Order[]>(`/api/admin/orders/${orderId}/related`);

export const relatedOrdersQueryOptions = (orderId: number) =>
  queryOptions({ queryKey: [...ordersQueryKey, 'related', orderId], queryFn: () => getRelatedOrders(orderId), refetchOnMount: 'always' });

/** Asked only while a refund dialog is open (`orderId` set). */
export const useRelatedOrders = (orderId: number | null) => useQuery({ ...relatedOrdersQueryOptions(orderId ?? 0), enabled: orderId !== null });
