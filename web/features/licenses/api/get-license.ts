import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenseDetail } from '@common/licenses';
import { apiGet } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

export const getLicense = (id: number): Promise<LicenseDetail> => apiGet<LicenseDetail>(`/api/admin/licenses/${id}`);

export const licenseQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...licensesQueryKey, 'detail', id], queryFn: () => getLicense(id), refetchOnMount: 'always' });

export const useLicense = (id: number | null) => useQuery({ ...licenseQueryOptions(id ?? 0), enabled: id !== null });
