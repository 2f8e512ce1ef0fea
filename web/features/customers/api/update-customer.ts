import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerDetail, CustomerUpdate } from '@common/customers';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** PATCH /api/admin/customers/{id}: the name and/or the private note. */
export const updateCustomer = ({ id, changes }: { id: number; changes: CustomerUpdate }): Promise<CustomerDetail> =>
  apiJson<CustomerDetail>('PATCH', `/api/admin/customers/${id}`, changes);

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
