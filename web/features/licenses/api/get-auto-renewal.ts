import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoRenewState } from '@common/auto-renewal';
import { apiGet } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

/** GET /api/admin/licenses/{id}/auto-renewal: whether the buyer's saved card is charged at expiry (docs/pricing.md). */
export const getAutoRenewal = (id: number): Promise<AutoRenewState> => apiGet<AutoRenewState>(`/api/admin/licenses/${id}/auto-renewal`);

export const autoRenewalQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...licensesQueryKey, 'auto-renewal', id], queryFn: () => getAutoRenewal(id), staleTime: 60_000 });

/** Only licences that expire can renew automatically: lifetime ones ask nothing. */
export const useAutoRenewal = (id: number, expires: boolean) => useQuery({ ...autoRenewalQueryOptions(id), enabled: expires });
