import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeySummary } from '@common/passkeys';
import { apiGet, apiJson } from '@/lib/api';

const key = ['admin', 'me', 'passkeys'] as const;

/** GET /api/admin/me/passkeys: the signed-in member's passkeys. */
export const passkeysQueryOptions = () => queryOptions({ queryKey: key, queryFn: () => apiGet<{ passkeys: PasskeySummary[] }>('/api/admin/me/passkeys') });
export const usePasskeys = (enabled: boolean) => useQuery({ ...passkeysQueryOptions(), enabled });

/** The ceremony (docs/team.md): options from the server, the browser's authenticator creates the key, the server checks it. */
async function addPasskey(name: string): Promise<PasskeySummary> {
  const { options } = await apiJson<{ options: PublicKeyCredentialCreationOptionsJSON }>('POST', '/api/admin/me/passkeys/options');
  const credential = await startRegistration({ optionsJSON: options });
  return apiJson<PasskeySummary>('POST', '/api/admin/me/passkeys', { name, credential });
}

function usePasskeyMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

/** POST /api/admin/me/passkeys/options, then POST /api/admin/me/passkeys. */
export const useAddPasskey = () => usePasskeyMutation(addPasskey);
/** DELETE /api/admin/me/passkeys/{id}. */
export const useRemovePasskey = () => usePasskeyMutation((id: number) => apiJson('DELETE', `/api/admin/me/passkeys/${id}`));
