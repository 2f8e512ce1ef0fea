import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKey } from '@common/team';
import { apiGet, apiJson } from '@/lib/api';

const key = ['admin', 'api-keys'] as const;

/** GET /api/admin/api-keys. */
export const apiKeysQueryOptions = () => queryOptions({ queryKey: key, queryFn: () => apiGet<{ keys: ApiKey[] }>('/api/admin/api-keys') });
export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** POST /api/admin/api-keys: answers the key once. */
export const useCreateApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKey) => apiJson<ApiKey & { token: string }>('POST', '/api/admin/api-keys', input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
};

/** DELETE /api/admin/api-keys/{id}: refused at once everywhere. */
export const useRevokeApiKey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson('DELETE', `/api/admin/api-keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
};
