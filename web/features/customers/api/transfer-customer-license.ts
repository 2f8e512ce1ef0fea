import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResult } from '@common/customers';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/customers/{id}/licenses/{licenseId}/transfer. */
export const transferCustomerLicense = ({ id, licenseId, email }: { id: number; licenseId: number; email: string }): Promise<CustomerActionResult> =>
  apiJson('POST', `/api/admin/customers/${id}/licenses/${licenseId}/transfer`, { email });

export function useTransferCustomerLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferCustomerLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
