import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@common/customers';
import { apiGet } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** GET /api/admin/customers/{id}: orders, licences with sites, e-mails (tokens masked), timeline and note. */
export const getCustomer = (id: number): Promise<CustomerDetail> => apiGet<CustomerDetail>(`/api/admin/customers/${id}`);

export const customerQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...customersQueryKey, 'detail', id], queryFn: () => getCustomer(id), refetchOnMount: 'always', retry: false });

export const useCustomer = (id: number) => useQuery(customerQueryOptions(id));
