import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API } from '@common/account';
import { apiJson } from '@/lib/api';
import { accountQueryKey, meQueryKey } from './get-me';

/** POST /api/account/sign-out: ends the session on the server and clears the cookie. */
export const signOut = (): Promise<{ success: true }> => apiJson<{ success: true }>('POST', ACCOUNT_API.signOut);

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: accountQueryKey });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
