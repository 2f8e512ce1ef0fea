import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountLicense } from '@common/account';
import type { AutoRenewState } from '@common/auto-renewal';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';
import { forgetEndedSession } from './get-me';

/** POST /api/account/licences/{id}/auto-renew: automatic renewal on (needs a saved card) or off; answers the new state. */
export const setAutoRenew = ({ licenseId, enabled }: { licenseId: number; enabled: boolean }): Promise<AutoRenewState> =>
  apiJson<AutoRenewState>('POST', ACCOUNT_API.autoRenew(licenseId), { enabled });

export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoRenew,
    onSuccess: (state, { licenseId }) =>
      queryClient.setQueryData<AccountLicense[]>(licensesQueryKey, (licenses) =>
        licenses?.map((each) => (each.id === licenseId ? { ...each, auto_renew: state } : each)),
      ),
    onError: (error) => forgetEndedSession(queryClient, error),
  });
}
