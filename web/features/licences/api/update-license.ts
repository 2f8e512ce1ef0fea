import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenceDetail, LicenceUpdate } from '@common/licences';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

export const updateLicense = ({ id, changes }: { id: number; changes: LicenceUpdate }): Promise<LicenceDetail> =>
  apiJson<LicenceDetail>('PATCH', `/api/admin/licenses/${id}`, changes);

export function useUpdateLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
