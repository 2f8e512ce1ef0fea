import { z } from 'zod';
import { idField, idParamsSchema } from './ids.js';

// Outgoing webhooks (docs/webhooks.md): the vendor's endpoints, the events sent to them and the delivery log.

export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'license.created',
  'license.updated',
  'license.revoked',
  'license.activated',
  'license.deactivated',
  'release.published',
  'release.rollout_paused',
  'customer.updated',
  'license.transferred',
  'license.expired',
  'license.renewed',
  'license.upgraded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** `test` is sent only by "Send test event", to one endpoint, whatever its filter. */
export type WebhookDeliveryType = WebhookEventType | 'test';

export const MAX_WEBHOOK_ENDPOINTS = 20;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const endpointUrl = z
  .url({ protocol: /^https?$/, message: 'must be a full http(s) URL such as https://example.com/hooks/licensing' })
  .max(2000, 'must be at most 2000 characters')
  // Shown wherever the URL is (endpoint list, delivery log), and a classic disguise of the real host:
  // https://hooks.example.com@10.0.0.1/ goes to 10.0.0.1 (docs/webhooks.md, "Where webhooks may go").
  .refine((url) => {
    try {
      const parsed = new URL(url);
      return !parsed.username && !parsed.password;
    } catch {
      return true; // z.url() has said so already
    }
  }, 'must not contain a user name or password');
const eventFilter = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .max(WEBHOOK_EVENT_TYPES.length, `must list at most the ${WEBHOOK_EVENT_TYPES.length} event types`)
  // Stored once each, in the documented order, so the same filter always reads the same.
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

const endpointActive = z.boolean({ error: 'must be true or false' });

export const webhookEndpointCreateSchema = z
  .object({
    url: endpointUrl,
    /** Empty (or left out): every event. */
    events: eventFilter.default([]),
    active: endpointActive.default(true),
  })
  .strict();
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = z.object({ url: endpointUrl, events: eventFilter, active: endpointActive }).partial().strict();
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** The secret's first characters, to tell secrets apart; the whole secret is answered once only. */
  secret_hint: z.string(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** Answered by create and rotate only: the signing secret in full. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookIdParamsSchema = idParamsSchema;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  endpoint_id: z.number(),
  endpoint_url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

export const webhookDeliveryListQuerySchema = z.object({
  endpoint_id: idField('endpoint_id').optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
});

/** The JSON body every delivery POSTs. */
export interface WebhookEventBody<T = unknown> {
  id: string;
  type: WebhookDeliveryType;
  created_at: string;
  data: T;
}
