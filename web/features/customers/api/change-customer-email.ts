import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResult } from '@common/customers';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/customers/{id}/change-email, or /merge when `merge` (the 409 of a used address offers it). */
export const changeCustomerEmail = ({ id, email, merge }: { id: number; email: string; merge: boolean }): Promise<CustomerActionResult> =>
  apiJson('POST', `/api/admin/customers/${id}/${merge ? 'merge' : 'change-email'}`, { email });

export function useChangeCustomerEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCustomerEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
