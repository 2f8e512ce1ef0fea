import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenseCreate, LicenseDetail } from '@common/licenses';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

export const createLicense = (input: LicenseCreate): Promise<LicenseDetail> => apiJson<LicenseDetail>('POST', '/api/admin/licenses', input);

export function useCreateLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLicense, onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey }) });
}
