import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResult } from '@common/customers';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/customers/{id}/send-sign-in-link. */
export const sendCustomerSignInLink = (id: number): Promise<CustomerActionResult> => apiJson('POST', `/api/admin/customers/${id}/send-sign-in-link`);

export function useSendCustomerSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendCustomerSignInLink, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
