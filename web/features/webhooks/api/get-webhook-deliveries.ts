import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@common/webhooks';
import { apiGet } from '@/lib/api';

/** GET /api/admin/webhook-deliveries: the latest 200 deliveries, newest first. */
export const getWebhookDeliveries = (): Promise<WebhookDelivery[]> => apiGet<WebhookDelivery[]>('/api/admin/webhook-deliveries');

export const webhookDeliveriesQueryKey = ['/api/admin/webhook-deliveries'] as const;

// Refreshed every 5 s while the page is open: deliveries change on their own (retries, the worker).
export const webhookDeliveriesQueryOptions = () => queryOptions({ queryKey: webhookDeliveriesQueryKey, queryFn: getWebhookDeliveries, refetchInterval: 5_000 });

export const useWebhookDeliveries = () => useQuery(webhookDeliveriesQueryOptions());
