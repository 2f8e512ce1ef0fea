import { z } from 'zod';
import { idField, idParamsSchema } from './ids.js';
import { CURRENCIES } from './plugins.js';
import { ORDER_KINDS } from './prices.js';

// Coupons (issue 26, docs/pricing.md "Coupons"): discount codes the admin makes and a buyer applies at checkout.
// Money in minor units; a code is matched case-insensitively and stored in upper case.

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** A code as the buyer types it: letters, digits, '-' and '_', compared in upper case. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();

const codeField = z
  .string({ error: 'code is required' })
  .trim()
  .min(3, 'code must be at least 3 characters')
  .max(40, 'code must be at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'code may hold only letters, digits, - and _')
  .transform(normalizeCouponCode);

const isoDate = (name: string) =>
  z
    .string({ error: `${name} must be a date and time such as 2026-12-01T00:00:00Z, or null` })
    .trim()
    .max(40)
    .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), `${name} must be a date and time such as 2026-12-01T00:00:00Z`)
    .transform((value) => new Date(value).toISOString())
    .nullable();

const limit = (name: string) =>
  z
    .number({ error: `${name} must be a whole number from 1 to 1000000, or null for no limit` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1 (or null for no limit)`)
    .max(1_000_000, `${name} must be at most 1000000`)
    .nullable();

const couponFields = {
  code: codeField,
  kind: z.enum(COUPON_KINDS, { error: 'kind must be percent or fixed' }),
  /** percent: 1 to 100; fixed: minor units of `currency`. */
  value: z
    .number({ error: 'value must be a whole number (a percentage, or minor units for a fixed amount)' })
    .int('value must be a whole number (a percentage, or minor units for a fixed amount)')
    .min(1, 'value must be at least 1')
    .max(100_000_000, 'value must be at most 100000000'),
  currency: z.enum(CURRENCIES, { error: 'currency must be GBP, USD or EUR (or null for a percentage)' }).nullable(),
  /** Scope: plugins by slug and tiers by id; both empty = every plugin. A tier listed counts whatever its plugin. */
  plugin_slugs: z
    .array(z.string().trim().min(1, 'plugin_slugs must not hold an empty slug').max(200), { error: 'plugin_slugs must be a list of plugin slugs' })
    .max(100, 'plugin_slugs may hold at most 100 plugins'),
  price_ids: z.array(idField('price_ids'), { error: 'price_ids must be a list of price tier ids' }).max(100, 'price_ids may hold at most 100 tiers'),
  for_new: z.boolean({ error: 'for_new must be true or false' }),
  for_renewals: z.boolean({ error: 'for_renewals must be true or false' }),
  valid_from: isoDate('valid_from'),
  valid_to: isoDate('valid_to'),
  max_redemptions: limit('max_redemptions'),
  max_per_buyer: limit('max_per_buyer'),
  active: z.boolean({ error: 'active must be true or false' }),
};

type CouponRules = {
  kind?: CouponKind;
  value?: number;
  currency?: string | null;
  for_new?: boolean;
  for_renewals?: boolean;
  valid_from?: string | null;
  valid_to?: string | null;
};

/** The rules between fields, for a whole coupon (a create, or an edit merged with the stored row): one message each. */
export function couponRuleProblem(coupon: Required<CouponRules>): { path: string; message: string } | null {
  if (coupon.kind === 'percent' && (coupon.value < 1 || coupon.value > 100)) return { path: 'value', message: 'A percentage must be from 1 to 100' };
  if (coupon.kind === 'fixed' && !coupon.currency) return { path: 'currency', message: 'A fixed amount needs its currency (GBP, USD or EUR)' };
  if (coupon.kind === 'percent' && coupon.currency) return { path: 'currency', message: 'A percentage has no currency: send currency null' };
  if (!coupon.for_new && !coupon.for_renewals) return { path: 'for_new', message: 'A coupon must apply to new sales, renewals or both' };
  if (coupon.valid_from && coupon.valid_to && coupon.valid_from >= coupon.valid_to) return { path: 'valid_to', message: 'valid_to must be after valid_from' };
  return null;
}

/** POST /api/admin/coupons */
export const couponCreateSchema = z
  .object({
    ...couponFields,
    currency: couponFields.currency.default(null),
    plugin_slugs: couponFields.plugin_slugs.default([]),
    price_ids: couponFields.price_ids.default([]),
    for_new: couponFields.for_new.default(true),
    for_renewals: couponFields.for_renewals.default(false),
    valid_from: couponFields.valid_from.default(null),
    valid_to: couponFields.valid_to.default(null),
    max_redemptions: couponFields.max_redemptions.default(null),
    max_per_buyer: couponFields.max_per_buyer.default(null),
    active: couponFields.active.default(true),
  })
  .strict()
  .superRefine((value, issues) => {
    const problem = couponRuleProblem(value);
    if (problem) issues.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
export type CouponCreate = z.infer<typeof couponCreateSchema>;

/** PATCH /api/admin/coupons/{id}: any fields; the rules between fields are checked against the stored coupon. */
export const couponPatchSchema = z
  .object(couponFields)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update: send at least one field' });
export type CouponPatch = z.infer<typeof couponPatchSchema>;

export const couponIdParamsSchema = idParamsSchema;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  plugin_slugs: z.array(z.string()),
  price_ids: z.array(z.number().int()),
  for_new: z.boolean(),
  for_renewals: z.boolean(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  max_per_buyer: z.number().int().nullable(),
  /** Orders that took the coupon (counted when the order is created: docs/pricing.md "Coupons"). */
  redemptions: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

/** Why a code does not apply; each has one message a buyer can act on (COUPON_REFUSALS). */
export const COUPON_REFUSAL_REASONS = [
  'unknown',
  'inactive',
  'not_yet_valid',
  'expired',
  'exhausted',
  'buyer_limit',
  'out_of_scope',
  'wrong_currency',
  'not_for_renewals',
  'not_for_new',
  'free_order',
] as const;
export type CouponRefusalReason = (typeof COUPON_REFUSAL_REASONS)[number];

export const COUPON_REFUSALS: Record<CouponRefusalReason, string> = {
  unknown: 'This coupon code does not exist. Check the spelling.',
  inactive: 'This coupon code is no longer valid.',
  not_yet_valid: 'This coupon code is not valid yet.',
  expired: 'This coupon code has expired.',
  exhausted: 'This coupon code has been used up.',
  buyer_limit: 'You have already used this coupon code as many times as it allows.',
  out_of_scope: 'This coupon code does not apply to this plugin or licence.',
  wrong_currency: 'This coupon code is for prices in another currency.',
  not_for_renewals: 'This coupon code is for new purchases only, not renewals.',
  not_for_new: 'This coupon code is for renewals only.',
  free_order: 'This coupon code would make the order free, which checkout cannot take. Please contact us for your licence.',
};

const couponCodeInput = z
  .string({ error: 'coupon_code must be text' })
  .trim()
  .min(1, 'coupon_code is required')
  .max(40, 'coupon_code must be at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'coupon_code may hold only letters, digits, - and _');

/** The optional coupon field of POST /api/create-payment-intent (common/checkout.ts). */
export const checkoutCouponCodeField = couponCodeInput.optional();

/** POST /api/coupons/check */
export const couponCheckBodySchema = z
  .object({
    coupon_code: couponCodeInput,
    /** The plugin's slug (the checkout's item id). */
    plugin: z.string({ error: 'plugin is required' }).trim().min(1, 'plugin is required').max(200, 'plugin must be at most 200 characters'),
    /** The tier; left out, the plugin's first active tier (as checkout). */
    price_id: idField('price_id').optional(),
    /** For the per-buyer limit; left out, that limit is checked at checkout. */
    email: z
      .string()
      .trim()
      .max(254, 'email must be at most 254 characters')
      .pipe(z.email({ message: 'email must be a valid e-mail address' }))
      .optional(),
    kind: z.enum(ORDER_KINDS, { error: 'kind must be new, renewal or upgrade' }).default('new'),
  })
  .strict();
export type CouponCheckBody = z.input<typeof couponCheckBodySchema>;
export type CouponCheckRequest = z.infer<typeof couponCheckBodySchema>;

export const couponCheckResponseSchema = z.discriminatedUnion('valid', [
  z.object({
    valid: z.literal(true),
    code: z.string(),
    /** The tier's price before the coupon, the coupon's share and what is charged, in minor units of `currency`. */
    price: z.number().int(),
    discount: z.number().int(),
    amount: z.number().int(),
    currency: z.string(),
    /** "20% off" or "£5.00 off". */
    label: z.string(),
  }),
  z.object({ valid: z.literal(false), code: z.string(), reason: z.enum(COUPON_REFUSAL_REASONS), message: z.string() }),
]);
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

/**
 * The coupon's share of a price: a percentage rounded to the nearest minor unit, a fixed amount at most the price.
 * Never more than the price, so what is charged is never below 0.
 */
export function couponDiscountMinor(coupon: { kind: CouponKind; value: number }, price: number): number {
  const raw = coupon.kind === 'percent' ? Math.round((price * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(price, raw));
}
