import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResult } from '@common/customers';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** POST /api/admin/customers/{id}/licenses/{licenseId}/resend-email. */
export const resendCustomerLicenseEmail = ({ id, licenseId }: { id: number; licenseId: number }): Promise<CustomerActionResult> =>
  apiJson('POST', `/api/admin/customers/${id}/licenses/${licenseId}/resend-email`);

export function useResendCustomerLicenseEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendCustomerLicenseEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
