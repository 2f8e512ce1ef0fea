import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@common/orders';
import { apiGet } from '@/lib/api';

/** The owner of the orders cache key; order mutations invalidate through it (every filter shares the prefix). */
export const ordersQueryKey = ['/api/admin/orders'] as const;

export interface OrderFilter {
  search: string;
  includeAbandoned: boolean;
  /** Only orders whose location evidence conflicts (docs/tax.md). */
  evidenceConflict?: boolean;
}

export const getOrders = ({ search, includeAbandoned, evidenceConflict }: OrderFilter): Promise<Order[]> => {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (includeAbandoned) params.set('include_abandoned', 'true');
  if (evidenceConflict) params.set('evidence', 'conflict');
  const query = params.toString();
  return apiGet<Order[]>(`/api/admin/orders${query ? `?${query}` : ''}`);
};

// Orders arrive from webhooks outside this browser, so the list refetches whenever the page opens.
export const ordersQueryOptions = (filter: OrderFilter) =>
  queryOptions({ queryKey: [...ordersQueryKey, filter], queryFn: () => getOrders(filter), refetchOnMount: 'always', placeholderData: keepPreviousData });

export const useOrders = (filter: OrderFilter) => useQuery(ordersQueryOptions(filter));
