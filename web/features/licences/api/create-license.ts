import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenceCreate, LicenceDetail } from '@common/licences';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

export const createLicense = (input: LicenceCreate): Promise<LicenceDetail> => apiJson<LicenceDetail>('POST', '/api/admin/licenses', input);

export function useCreateLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
