import { z } from 'zod';
import { CURRENCIES } from './plugins.js';

// Price tiers of a plugin (issue 26, docs/pricing.md): what a buyer picks on the plugin page and checkout charges.
// Money in minor units; `sites: null` is unlimited.

export const PRICE_TERMS = ['lifetime', 'year', 'month'] as const;
export type PriceTerm = (typeof PRICE_TERMS)[number];

export const ORDER_KINDS = ['new', 'renewal', 'upgrade'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** What the storefront sees of a tier (active tiers only, in the vendor's order). */
export const publicPriceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sites: z.number().int().nullable(),
  term: z.enum(PRICE_TERMS),
  amount: z.number().int(),
  sale_amount: z.number().int().nullable(),
  currency: z.enum(CURRENCIES),
});
export type PublicPrice = z.infer<typeof publicPriceSchema>;

export const adminPriceSchema = publicPriceSchema.extend({
  plugin_slug: z.string(),
  renewal_discount_percent: z.number().int(),
  active: z.boolean(),
  sort_order: z.number().int(),
  /**
   * The Lemon Squeezy variant the tier is sold as (docs/pricing.md "Lemon Squeezy"): its numeric id, what Lemon
   * Squeezy's order webhook names; null: not sold there.
   */
  lemonsqueezy_variant_id: z.string().nullable(),
  /** That variant's checkout link, where Purchase sends the buyer (as storedLemonSqueezyCheckoutLink writes it); null: none yet. */
  lemonsqueezy_checkout_link: z.string().nullable(),
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

// A tier's Lemon Squeezy checkout link (docs/pricing.md "Lemon Squeezy"): Lemon Squeezy's shareable link of a variant,
// https://{store}.lemonsqueezy.com/checkout/buy/{uuid}, names the variant by its UUID (the vendor copies it from
// Products → Share), not by the numeric id its webhook carries. The vendor pastes the whole link, or the UUID alone.

/** What a valid checkout link looks like (the example of Lemon Squeezy's "Pre-filled checkout fields" page). */
export const LEMONSQUEEZY_CHECKOUT_LINK_EXAMPLE = 'https://my-store.lemonsqueezy.com/checkout/buy/d1f120fd-5adc-4fff-8915-cce713d29427';
const VARIANT_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A store's subdomain, as the lemonsqueezy_store setting takes it (common/settings.ts).
const STORE_SUBDOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)\.lemonsqueezy\.com$/;
const CHECKOUT_PATH = /^\/checkout\/buy\/([^/]+)\/?$/;
const COPY_IT = `Copy it from Lemon Squeezy → Products → Share (a link such as ${LEMONSQUEEZY_CHECKOUT_LINK_EXAMPLE}), or enter the UUID at its end.`;
const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;

/** A checkout link read: the variant's UUID, and the store when the link named one (else the lemonsqueezy_store setting's). */
export interface LemonSqueezyCheckoutLink {
  store: string | null;
  variantUuid: string;
}

/**
 * Reads a checkout link as the vendor pasted it (a whole link, with or without https://, its query and fragment
 * dropped; or the UUID alone) or as stored: the link, or a message saying what is wrong with it.
 */
export function readLemonSqueezyCheckoutLink(input: string): LemonSqueezyCheckoutLink | { error: string } {
  const text = input.trim();
  if (VARIANT_UUID.test(text)) return { store: null, variantUuid: text.toLowerCase() };
  if (!/[/.]/.test(text)) {
    return { error: `${quoted(text)} is not a variant's UUID (8-4-4-4-12 hexadecimal digits, such as d1f120fd-5adc-4fff-8915-cce713d29427). ${COPY_IT}` };
  }
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { error: `${quoted(text)} is not a link. ${COPY_IT}` };
  }
  // Lemon Squeezy's own addresses (the dashboard, the API, its site) are no store's.
  const store = STORE_SUBDOMAIN.exec(url.hostname)?.[1]?.replace(/^(app|api|www|docs)$/, '') || undefined;
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !store || url.port !== '' || url.username !== '' || url.password !== '') {
    return { error: `The checkout link must be on your store's address, https://{store}.lemonsqueezy.com; ${quoted(url.host || text)} is not. ${COPY_IT}` };
  }
  const id = CHECKOUT_PATH.exec(url.pathname)?.[1];
  if (id === undefined) {
    return {
      error: `The checkout link must be a variant's, https://${store}.lemonsqueezy.com/checkout/buy/{UUID}; ${quoted(url.pathname)} is not. ${COPY_IT}`,
    };
  }
  if (!VARIANT_UUID.test(id)) {
    return { error: `The checkout link must end in the variant's UUID (8-4-4-4-12 hexadecimal digits); ${quoted(id)} is not one. ${COPY_IT}` };
  }
  return { store, variantUuid: id.toLowerCase() };
}

/** How a checkout link is stored: the whole link when it named its store, else the UUID alone. */
export const storedLemonSqueezyCheckoutLink = (link: LemonSqueezyCheckoutLink): string =>
  link.store === null ? link.variantUuid : `https://${link.store}.lemonsqueezy.com/checkout/buy/${link.variantUuid}`;

/**
 * What a tier lacks to be sold through Lemon Squeezy: its numeric variant id (to match the webhook's order to it) and
 * its checkout link (to send the buyer to); empty when it has both.
 */
export function lemonSqueezyMissing(tier: { lemonsqueezy_variant_id: string | null; lemonsqueezy_checkout_link: string | null }): string[] {
  return [...(tier.lemonsqueezy_variant_id === null ? ['variant ID'] : []), ...(tier.lemonsqueezy_checkout_link === null ? ['checkout link'] : [])];
}

const minor = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of minor units` })
    .int(`${name} must be a whole number of minor units`)
    .min(0, `${name} must not be negative`)
    .max(100_000_000, `${name} must be at most 100000000`);

const priceFields = {
  name: z.string().trim().min(1, 'name is required').max(60, 'name must be at most 60 characters'),
  sites: z.number({ error: 'sites must be a number from 1 to 10000, or null for unlimited' }).int('sites must be a whole number').min(1).max(10_000).nullable(),
  term: z.enum(PRICE_TERMS, { error: 'term must be lifetime, year or month' }),
  amount: minor('amount').min(1, 'amount must be above 0'),
  sale_amount: minor('sale_amount').nullable(),
  currency: z.enum(CURRENCIES, { error: 'currency must be GBP, USD or EUR' }),
  renewal_discount_percent: z.number({ error: 'renewal_discount_percent must be a number from 0 to 100' }).int().min(0).max(100),
  active: z.boolean({ error: 'active must be true or false' }),
  sort_order: z.number({ error: 'sort_order must be a whole number' }).int().min(-1000).max(1000),
  // Lemon Squeezy's numeric variant id (its webhook names it in first_order_item.variant_id); '' clears it.
  lemonsqueezy_variant_id: z
    .string({ error: 'lemonsqueezy_variant_id must be the Lemon Squeezy variant id as text, digits only such as "123456"' })
    .trim()
    .pipe(z.string().regex(/^(\d{1,20})?$/, 'lemonsqueezy_variant_id must be the Lemon Squeezy variant id, digits only such as 123456'))
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  // The variant's checkout link, or its UUID alone, stored normalised; '' clears it.
  lemonsqueezy_checkout_link: z
    .string({ error: `lemonsqueezy_checkout_link must be the variant's checkout link as text, such as ${LEMONSQUEEZY_CHECKOUT_LINK_EXAMPLE}` })
    .trim()
    .max(500, 'lemonsqueezy_checkout_link must be at most 500 characters')
    .transform((value, ctx) => {
      if (value === '') return null;
      const link = readLemonSqueezyCheckoutLink(value);
      if ('error' in link) {
        ctx.issues.push({ code: 'custom', message: link.error, input: value });
        return z.NEVER;
      }
      return storedLemonSqueezyCheckoutLink(link);
    })
    .nullable(),
};

const saleBelowAmount = (value: { amount?: number | undefined; sale_amount?: number | null | undefined }) =>
  value.sale_amount === undefined || value.sale_amount === null || value.amount === undefined || value.sale_amount < value.amount;
const SALE_MESSAGE = { message: 'sale_amount must be below amount (or null for no sale)', path: ['sale_amount'] };

/** POST /api/admin/plugins/{slug}/prices */
export const priceCreateSchema = z
  .object({
    ...priceFields,
    sale_amount: priceFields.sale_amount.default(null),
    renewal_discount_percent: priceFields.renewal_discount_percent.default(0),
    active: priceFields.active.default(true),
    sort_order: priceFields.sort_order.default(0),
    lemonsqueezy_variant_id: priceFields.lemonsqueezy_variant_id.default(null),
    lemonsqueezy_checkout_link: priceFields.lemonsqueezy_checkout_link.default(null),
  })
  .strict()
  .refine(saleBelowAmount, SALE_MESSAGE);
export type PriceCreate = z.infer<typeof priceCreateSchema>;

/** PATCH /api/admin/prices/{id} */
export const pricePatchSchema = z
  .object(priceFields)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update: send at least one field' })
  .refine(saleBelowAmount, SALE_MESSAGE);
export type PricePatch = z.infer<typeof pricePatchSchema>;

// The storefront's tier helpers live in common/pricing.ts, which imports no zod: the plugin page uses them and would
// load zod (≈ 25 KB gzipped) through this file.
export { tierPriceMinor, tierSummary } from './pricing.js';

/** The licence plan a tier's term sells (common/licenses.ts PLANS). */
export const PLAN_OF_TERM = { lifetime: 'lifetime', year: 'pro_yearly', month: 'pro_monthly' } as const satisfies Record<PriceTerm, string>;

/**
 * When a licence of this term bought at `fromIso` expires: null for lifetime; otherwise the same time one calendar
 * month or year later, the day clamped to the month's last (31 January + 1 month = 28 or 29 February).
 */
export function addTerm(fromIso: string, term: PriceTerm, count = 1): string | null {
  if (term === 'lifetime') return null;
  const from = new Date(fromIso);
  const months = (term === 'year' ? 12 : 1) * count;
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target.toISOString();
}
