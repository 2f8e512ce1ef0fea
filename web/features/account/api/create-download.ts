import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type AccountDownload } from '@common/account';
import { apiJson } from '@/lib/api';
import { forgetEndedSession } from './get-me';

/** POST /api/account/licences/{id}/download: a signed, expiring link to the latest release the licence entitles. */
export const createDownload = (licenseId: number): Promise<AccountDownload> => apiJson<AccountDownload>('POST', ACCOUNT_API.download(licenseId));

export function useCreateDownload() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDownload, onError: (error) => forgetEndedSession(queryClient, error) });
}
