import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenseDetail, LicenseUpdate } from '@common/licenses';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

export const updateLicense = ({ id, changes }: { id: number; changes: LicenseUpdate }): Promise<LicenseDetail> =>
  apiJson<LicenseDetail>('PATCH', `/api/admin/licenses/${id}`, changes);

export function useUpdateLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
