import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointUpdate, WebhookEndpointWithSecret } from '@common/webhooks';
import { apiGet, apiJson, apiRequest } from '@/lib/api';

// The outgoing webhook endpoints (docs/webhooks.md): GET/POST /api/admin/webhook-endpoints, PATCH/DELETE
// /api/admin/webhook-endpoints/{id}, POST .../{id}/rotate-secret and .../{id}/test.
const base = '/api/admin/webhook-endpoints';

export const webhookEndpointsQueryKey = [base] as const;

export const getWebhookEndpoints = (): Promise<WebhookEndpoint[]> => apiGet<WebhookEndpoint[]>(base);

export const webhookEndpointsQueryOptions = () => queryOptions({ queryKey: webhookEndpointsQueryKey, queryFn: getWebhookEndpoints });

export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());

/** Each mutation refreshes the list; create and rotate answer the secret, shown once. */
function useEndpointMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }) });
}

export const useCreateWebhookEndpoint = () => useEndpointMutation((body: WebhookEndpointCreate) => apiJson<WebhookEndpointWithSecret>('POST', base, body));

export const useUpdateWebhookEndpoint = () =>
  useEndpointMutation(({ id, changes }: { id: number; changes: WebhookEndpointUpdate }) => apiJson<WebhookEndpoint>('PATCH', `${base}/${id}`, changes));

export const useRotateWebhookSecret = () => useEndpointMutation((id: number) => apiJson<WebhookEndpointWithSecret>('POST', `${base}/${id}/rotate-secret`));

export const useDeleteWebhookEndpoint = () =>
  useEndpointMutation(async (id: number) => {
    await apiRequest('DELETE', `${base}/${id}`);
  });

export const useSendTestWebhook = () => useEndpointMutation((id: number) => apiJson<WebhookDelivery>('POST', `${base}/${id}/test`));
