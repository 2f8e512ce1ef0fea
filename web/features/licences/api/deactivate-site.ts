import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenceDetail } from '@common/licences';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

export const deactivateSite = ({ licenceId, activationId }: { licenceId: number; activationId: number }): Promise<LicenceDetail> =>
  apiJson<LicenceDetail>('DELETE', `/api/admin/licenses/${licenceId}/activations/${activationId}`);

export function useDeactivateSite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deactivateSite, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
