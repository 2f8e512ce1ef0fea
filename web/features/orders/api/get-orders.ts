import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@common/orders';
import { apiGet } from '@/lib/api';

/** The owner of the orders cache key; order mutations invalidate through it. */
export const ordersQueryKey = ['/api/admin/orders'] as const;

export const getOrders = (): Promise<Order[]> => apiGet<Order[]>('/api/admin/orders');

// Orders arrive from webhooks outside this browser, so the list refetches whenever the page opens.
export const ordersQueryOptions = () => queryOptions({ queryKey: ordersQueryKey, queryFn: getOrders, refetchOnMount: 'always' });

export const useOrders = () => useQuery(ordersQueryOptions());
