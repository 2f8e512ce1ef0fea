import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListPage } from '@common/orders';
import { apiGet } from '@/lib/api';
import { setCursorParams, type PageAt } from '@/lib/cursor-pages';

/** The owner of the orders cache key; order mutations invalidate through it (every filter shares the prefix). */
export const ordersQueryKey = ['/api/admin/orders'] as const;

export interface OrderFilter extends PageAt {
  search: string;
  includeAbandoned: boolean;
  /** Only orders whose location evidence conflicts (docs/tax.md). */
  evidenceConflict?: boolean;
}

/** GET /api/admin/orders: one page of orders, newest first (by number, or after or before a cursor). */
export const getOrders = ({ page, after, before, search, includeAbandoned, evidenceConflict }: OrderFilter): Promise<OrderListPage> => {
  const params = setCursorParams(new URLSearchParams({ page: String(page) }), { page, after, before });
  if (search.trim()) params.set('search', search.trim());
  if (includeAbandoned) params.set('include_abandoned', 'true');
  if (evidenceConflict) params.set('evidence', 'conflict');
  return apiGet<OrderListPage>(`/api/admin/orders?${params.toString()}`);
};

// Orders arrive from webhooks outside this browser, so the list refetches whenever the page opens.
export const ordersQueryOptions = (filter: OrderFilter) =>
  queryOptions({ queryKey: [...ordersQueryKey, filter], queryFn: () => getOrders(filter), refetchOnMount: 'always', placeholderData: keepPreviousData });

export const useOrders = (filter: OrderFilter) => useQuery(ordersQueryOptions(filter));
