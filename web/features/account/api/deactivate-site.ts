import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountLicence } from '@common/account';
import { apiJson } from '@/lib/api';
import { licencesQueryKey } from './get-licences';
import { forgetEndedSession } from './get-me';

/** POST /api/account/licences/{id}/sites/{activationId}/deactivate: frees the site's seat; answers the licence after it. */
export const deactivateSite = ({ licenceId, activationId }: { licenceId: number; activationId: number }): Promise<AccountLicence> =>
  apiJson<AccountLicence>('POST', ACCOUNT_API.deactivateSite(licenceId, activationId));

export function useDeactivateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSite,
    onSuccess: (licence) =>
      queryClient.setQueryData<AccountLicence[]>(licencesQueryKey, (licences) => licences?.map((each) => (each.id === licence.id ? licence : each))),
    onError: (error) => forgetEndedSession(queryClient, error),
  });
}
