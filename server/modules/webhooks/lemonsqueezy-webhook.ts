import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { isSingleEmailAddress } from '../email/index.js';
import { findLicenseById } from '../licenses/index.js';
import { findPluginByLemonSqueezyProduct } from '../plugins/index.js';
import { findPriceById, findPriceByLemonSqueezyVariant, type PriceRow } from '../prices/index.js';
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
  meta: z.object({
    event_name: z.string().min(1),
    // What the checkout link carried as checkout[custom][…] (server/modules/checkout/lemonsqueezy-checkout.ts).
    custom_data: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  data: z.object({
    id: idString,
    attributes: z
      .object({
        user_email: z.string().optional(),
        total: z.number().int().optional(),
        currency: z.string().optional(),
        first_order_item: z.object({ product_id: idString, variant_id: idString }).partial().optional(),
      })
      .loose(),
  }),
});
export type LemonSqueezyPayload = z.infer<typeof lemonSqueezyPayloadSchema>;

/** A record id from custom data (Lemon Squeezy hands values back as strings), or undefined. */
function customId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

type Ignored = Extract<PaymentEvent, { kind: 'ignored' }>;
type Base = Pick<PaymentEvent, 'provider' | 'eventId' | 'eventType'>;

/**
 * The tier an order sells (docs/pricing.md "Lemon Squeezy"): the one its custom data names, else the one sold as its
 * variant. The buyer can edit a checkout link, so the variant actually paid must be the tier's own: a link whose
 * custom data names another tier than the variant paid for issues nothing (`variant_mismatch`, for the vendor).
 */
async function tierOf(db: Database, base: Base, orderRef: string, custom: Record<string, unknown>, variantId: string | undefined) {
  const named = customId(custom.price_id);
  const tier = named !== undefined ? await findPriceById(db, named) : variantId ? await findPriceByLemonSqueezyVariant(db, variantId) : undefined;
  if (named === undefined && !tier) return { tier: undefined };
  if (!tier || tier.lemonsqueezy_variant_id === null || tier.lemonsqueezy_variant_id !== variantId) {
    const ignored: Ignored = {
      ...base,
      kind: 'ignored',
      reason: 'variant_mismatch',
      note: `order ${orderRef} paid for Lemon Squeezy variant ${variantId ?? '(none)'}, but its checkout named price tier ${named} (${
        tier ? `sold as variant ${tier.lemonsqueezy_variant_id ?? '(none)'}` : 'unknown'
      }); no licence was issued: check the order in Lemon Squeezy and issue the licence by hand or refund it`,
    };
    return { ignored };
  }
  return { tier };
}

/** A renewal's licence (custom data `kind: renewal`, `license_id`): it must be of the tier sold. */
async function renewalOf(db: Database, base: Base, orderRef: string, custom: Record<string, unknown>, tier: PriceRow) {
  if (custom.kind !== 'renewal') return { licenseId: undefined };
  const id = customId(custom.license_id);
  const license = id === undefined ? undefined : await findLicenseById(db, id);
  if (!license || license.price_id !== tier.id) {
    const ignored: Ignored = {
      ...base,
      kind: 'ignored',
      reason: 'unknown_license',
      note: `order ${orderRef} renews licence ${String(custom.license_id ?? '(none)').slice(0, 20)}, which ${
        license ? `is not of the tier ${tier.name}` : 'does not exist'
      }; nothing was renewed: renew it by hand or refund the order`,
    };
    return { ignored };
  }
  return { licenseId: license.id };
}

/**
 * order_created fulfils the tier its custom data or variant names (docs/pricing.md "Lemon Squeezy"), else the plugin
 * whose lemonsqueezy_product_id matches (a lifetime licence for 3 sites); order_refunded revokes; the rest is
 * recorded and ignored.
 */
export async function lemonSqueezyToPaymentEvent(db: Database, payload: LemonSqueezyPayload): Promise<PaymentEvent> {
  const eventType = payload.meta.event_name;
  const orderRef = payload.data.id;
  const base = { provider: 'lemonsqueezy', eventId: `${eventType}:${orderRef}`, eventType };
  if (eventType === 'order_refunded') return { ...base, kind: 'refunded', providerRef: orderRef };
  if (eventType !== 'order_created') return { ...base, kind: 'ignored', reason: 'ignored', note: `event ${eventType} is not handled` };

  const attributes = payload.data.attributes;
  const custom = payload.meta.custom_data ?? {};
  const sold = await tierOf(db, base, orderRef, custom, attributes.first_order_item?.variant_id);
  if (sold.ignored) return sold.ignored;
  const tier = sold.tier;
  const productId = attributes.first_order_item?.product_id;
  const plugin = tier ? { slug: tier.plugin_slug, currency: tier.currency } : productId ? await findPluginByLemonSqueezyProduct(db, productId) : undefined;
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
  const renewal = tier ? await renewalOf(db, base, orderRef, custom, tier) : { licenseId: undefined };
  if (renewal.ignored) return renewal.ignored;
  return {
    ...base,
    kind: 'paid',
    providerRef: orderRef,
    order: {
      email: attributes.user_email,
      pluginSlug: plugin.slug,
      amount: attributes.total ?? 0,
      currency: (attributes.currency ?? plugin.currency).toUpperCase(),
      ...(tier && { priceId: tier.id }),
      ...(renewal.licenseId !== undefined && { renewalOf: renewal.licenseId }),
    },
  };
}
