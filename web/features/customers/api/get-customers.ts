import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList, CustomerSort } from '@common/customers';
import { apiGet } from '@/lib/api';
import { setCursorParams, type PageAt } from '@/lib/cursor-pages';

/** The owner of the customers cache key: every action on a customer invalidates through it (list and pages share it). */
export const customersQueryKey = ['/api/admin/customers'] as const;

export interface CustomerListFilter extends PageAt {
  search: string;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
}

/** GET /api/admin/customers: one page of buyers (by number, or after or before a cursor), searched and sorted on the server, with the total. */
export const getCustomers = ({ page, after, before, search, sort, direction }: CustomerListFilter): Promise<CustomerList> => {
  const params = setCursorParams(new URLSearchParams({ page: String(page), sort, direction }), { page, after, before });
  if (search.trim()) params.set('search', search.trim());
  return apiGet<CustomerList>(`/api/admin/customers?${params.toString()}`);
};

// Buyers are made by checkouts outside this browser: the list refetches whenever the page opens.
export const customersQueryOptions = (filter: CustomerListFilter) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'list', filter],
    queryFn: () => getCustomers(filter),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export const useCustomers = (filter: CustomerListFilter) => useQuery(customersQueryOptions(filter));
