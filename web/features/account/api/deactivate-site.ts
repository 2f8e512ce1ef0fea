import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountLicense } from '@common/account';
import { apiJson } from '@/lib/api';
import { licensesQueryKey } from './get-licenses';
import { forgetEndedSession } from './get-me';

/** POST /api/account/licences/{id}/sites/{activationId}/deactivate: frees the site's seat; answers the licence after it. */
export const deactivateSite = ({ licenseId, activationId }: { licenseId: number; activationId: number }): Promise<AccountLicense> =>
  apiJson<AccountLicense>('POST', ACCOUNT_API.deactivateSite(licenseId, activationId));

export function useDeactivateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSite,
    onSuccess: (license) =>
      queryClient.setQueryData<AccountLicense[]>(licensesQueryKey, (licenses) => licenses?.map((each) => (each.id === license.id ? license : each))),
    onError: (error) => forgetEndedSession(queryClient, error),
  });
}
