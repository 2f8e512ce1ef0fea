import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_API, type Customer } from '@common/account';
import { apiJson } from '@/lib/api';
import { accountQueryKey, meQueryKey } from './get-me';

/** POST /api/account/session: spends the e-mailed token and sets the customer cookie. */
export const createSession = (token: string): Promise<Customer> => apiJson<Customer>('POST', ACCOUNT_API.session, { token });

export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: (customer) => {
      // Whoever was signed in before on this browser: none of their data may show for the new customer.
      queryClient.removeQueries({ queryKey: accountQueryKey });
      queryClient.setQueryData(meQueryKey, customer);
    },
  });
}
