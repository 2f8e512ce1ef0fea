import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenseDetail } from '@common/licenses';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

/** DELETE /api/admin/licenses/{id}: revokes; the record stays with status revoked. */
export const revokeLicense = (id: number): Promise<LicenseDetail> => apiJson<LicenseDetail>('DELETE', `/api/admin/licenses/${id}`);

export function useRevokeLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
