import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutoRenewState } from '@common/auto-renewal';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';

/**
 * POST /api/admin/licenses/{id}/auto-renewal with `enabled: false`: the buyer's saved card is no longer charged at
 * expiry. The admin cannot turn it on (it charges the buyer's card); the buyer does, from their account.
 */
export const stopAutoRenewal = (licenseId: number): Promise<AutoRenewState> =>
  apiJson<AutoRenewState>('POST', `/api/admin/licenses/${licenseId}/auto-renewal`, { enabled: false });

export function useStopAutoRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAutoRenewal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...licensesQueryKey, 'auto-renewals'] }),
  });
}
