import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenseDetail } from '@common/licenses';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

export const deactivateSite = ({ licenseId, activationId }: { licenseId: number; activationId: number }): Promise<LicenseDetail> =>
  apiJson<LicenseDetail>('DELETE', `/api/admin/licenses/${licenseId}/activations/${activationId}`);

export function useDeactivateSite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateSite, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
