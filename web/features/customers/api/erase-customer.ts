import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResult } from '@common/customers';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/customers/{id}/erase. */
export const eraseCustomer = ({ id, licenses }: { id: number; licenses: 'revoke' | 'keep' }): Promise<CustomerActionResult> =>
  apiJson('POST', `/api/admin/customers/${id}/erase`, { licenses });

export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: eraseCustomer, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
