import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that refreshes its owners' queries once it succeeds: `queryKeys` (or the keys for the call's
 * variables), after `onSaved` has put the answer in the cache where one query holds it already.
 */
export function useInvalidatingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKeys: readonly QueryKey[] | ((variables: TVariables) => readonly QueryKey[]),
  onSaved?: (data: TData, queryClient: QueryClient) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data: TData, variables: TVariables) => {
      onSaved?.(data, queryClient);
      const keys = typeof queryKeys === 'function' ? queryKeys(variables) : queryKeys;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
