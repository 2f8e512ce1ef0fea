import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@common/webhooks';
import { apiJson } from '@/lib/api';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

/** POST /api/admin/webhook-deliveries/{id}/resend: queues a copy of the event (same id and body) to the same endpoint. */
export const resendWebhookDelivery = (id: number): Promise<WebhookDelivery> => apiJson<WebhookDelivery>('POST', `/api/admin/webhook-deliveries/${id}/resend`);

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendWebhookDelivery, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey }) });
}
