import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { isSingleEmailAddress } from '../email/index.js';
import { findPluginByLemonSqueezyProduct } from '../plugins/index.js';
import type { PaymentEvent } from '../orders/index.js';
import { WebhookSignatureError } from './stripe-webhook.js';

/** X-Signature is the hex HMAC-SHA256 of the raw body with the signing secret. */
export function verifyLemonSqueezySignature(rawBody: Buffer, signature: string | undefined, secret: string): void {
  if (!signature) throw new WebhookSignatureError('Missing X-Signature header');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = /^[0-9a-f]+$/i.test(signature.trim()) ? Buffer.from(signature.trim(), 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookSignatureError('Invalid X-Signature');
}

const idString = z.union([z.string().min(1), z.number()]).transform(String);

export const lemonSqueezyPayloadSchema = z.object({
  meta: z.object({ event_name: z.string().min(1) }),
  data: z.object({
    id: idString,
    attributes: z
      .object({
        user_email: z.string().optional(),
        total: z.number().int().optional(),
        currency: z.string().optional(),
        first_order_item: z.object({ product_id: idString }).partial().optional(),
      })
      .loose(),
  }),
});
export type LemonSqueezyPayload = z.infer<typeof lemonSqueezyPayloadSchema>;

/** order_created fulfils the plugin whose lemonsqueezy_product_id matches; order_refunded revokes; the rest is recorded and ignored. */
export async function lemonSqueezyToPaymentEvent(db: Database, payload: LemonSqueezyPayload): Promise<PaymentEvent> {
  const eventType = payload.meta.event_name;
  const orderRef = payload.data.id;
  const base = { provider: 'lemonsqueezy', eventId: `${eventType}:${orderRef}`, eventType };
  if (eventType === 'order_refunded') return { ...base, kind: 'refunded', providerRef: orderRef };
  if (eventType !== 'order_created') return { ...base, kind: 'ignored', reason: 'ignored', note: `event ${eventType} is not handled` };

  const attributes = payload.data.attributes;
  const productId = attributes.first_order_item?.product_id;
  const plugin = productId ? await findPluginByLemonSqueezyProduct(db, productId) : undefined;
  if (!plugin) {
    return {
      ...base,
      kind: 'ignored',
      reason: 'unmapped_product',
      note: `Lemon Squeezy product ${productId ?? '(none)'} is not mapped to a plugin (order ${orderRef})`,
    };
  }
  if (!attributes.user_email) return { ...base, kind: 'ignored', reason: 'missing_email', note: `order ${orderRef} carries no user_email` };
  // The address becomes the licence e-mail's recipient: a CR/LF header or a list would redirect the key.
  if (!isSingleEmailAddress(attributes.user_email)) {
    return {
      ...base,
      kind: 'ignored',
      reason: 'invalid_email',
      note: `order ${orderRef} carries a user_email that is not one address: ${JSON.stringify(attributes.user_email.slice(0, 200))}`,
    };
  }
  return {
    ...base,
    kind: 'paid',
    providerRef: orderRef,
    order: {
      email: attributes.user_email,
      pluginSlug: plugin.slug,
      amount: attributes.total ?? 0,
      currency: (attributes.currency ?? plugin.currency).toUpperCase(),
    },
  };
}
