import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenseDetail } from '@common/licenses';
import { apiJson } from '@/lib/api';
import { customersQueryKey } from './get-customers';

/** DELETE /api/admin/licenses/{id}/activations/{activationId}: frees one site of a customer's licence. */
export const deactivateCustomerSite = ({ licenseId, activationId }: { licenseId: number; activationId: number }): Promise<LicenseDetail> =>
  apiJson<LicenseDetail>('DELETE', `/api/admin/licenses/${licenseId}/activations/${activationId}`);

export function useDeactivateCustomerSite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateCustomerSite, onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }) });
}
