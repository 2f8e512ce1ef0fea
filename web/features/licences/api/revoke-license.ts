import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenceDetail } from '@common/licences';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

/** DELETE /api/admin/licenses/{id}: revokes; the record stays with status revoked. */
export const revokeLicense = (id: number): Promise<LicenceDetail> => apiJson<LicenceDetail>('DELETE', `/api/admin/licenses/${id}`);

export function useRevokeLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
