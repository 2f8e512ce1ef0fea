import { z } from 'zod';
import { idField, idParamsSchema } from './ids.js';
import { TAX_EVIDENCE_STATUSES } from './tax.js';
import { searchQueryField } from './schema-fields.js';
import { listCursorAnswer, listCursorQuery, optionalPageField } from './list-cursor.js';

// Admin orders and outgoing e-mail (docs/design.md section 7).

// cancelled: a pending order the admin cancelled, or an abandoned one an erase cancelled (issue 37).
export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Delivery state of an e-mail (and of an order's latest licence e-mail; 'none' before payment). 'held': kept
 * unsent in the outbox until the shop's address is known (last_error says why; docs/checkout.md).
 */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'outbox', 'failed', 'held'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const orderSchema = z.object({
  id: z.number(),
  email: z.string(),
  plugin_slug: z.string(),
  /** The plugin's name, or its slug when the plugin is gone. */
  plugin_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  provider: z.string(),
  license_key: z.string().nullable(),
  /** The coupon applied at checkout and its share of the price, in minor units (0 without one; docs/pricing.md). */
  coupon_code: z.string().nullable(),
  discount_amount: z.number().int(),
  email_status: z.enum([...EMAIL_STATUSES, 'none']),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** new | renewal | upgrade (common/prices.ts ORDER_KINDS). */
  kind: z.string(),
  /** The tier bought (a renewal: the licence's; an upgrade: the new one), or null for orders without a tier. */
  tier: z.object({ name: z.string(), term: z.string(), sites: z.number().nullable() }).nullable(),
  /** The location evidence's status (docs/tax.md): `conflict` orders are badged for review; null without tax. */
  tax_evidence: z.enum(TAX_EVIDENCE_STATUSES).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.array(orderSchema);

export const ORDERS_PER_PAGE_DEFAULT = 25;
export const ORDERS_PER_PAGE_MAX = 100;

/** Pending orders older than this are abandoned checkouts: kept in the database, left out of the list by default. */
export const ABANDONED_ORDER_AFTER_MS = 24 * 60 * 60 * 1000;

export const orderListQuerySchema = z.object({
  /** An order number (with or without #), or part of an e-mail address or licence key; case-insensitive. */
  search: searchQueryField(),
  include_abandoned: z.enum(['true', 'false'], { error: 'include_abandoned must be true or false' }).optional(),
  /** Only orders whose location evidence has this status (e.g. `conflict`: the countries disagree; docs/tax.md). */
  evidence: z.enum(TAX_EVIDENCE_STATUSES, { error: `evidence must be one of ${TAX_EVIDENCE_STATUSES.join(', ')}` }).optional(),
  /** With `page` (or a cursor) the answer is one page (`orderListPageSchema`); without, the newest 500 as a plain array. */
  page: optionalPageField,
  per_page: z.coerce
    .number({ error: 'per_page must be a number' })
    .int('per_page must be a whole number')
    .min(1, 'per_page must be 1 or more')
    .max(ORDERS_PER_PAGE_MAX, `per_page must be at most ${ORDERS_PER_PAGE_MAX}`)
    .default(ORDERS_PER_PAGE_DEFAULT),
  ...listCursorQuery,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** One page of the admin order list, newest first (ties by id), with its keyset cursors (issue 44); no total. */
export const orderListPageSchema = z.object({
  orders: z.array(orderSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  ...listCursorAnswer,
});
export type OrderListPage = z.infer<typeof orderListPageSchema>;

export const orderIdParamsSchema = idParamsSchema;

/** POST /api/admin/orders/{id}/refund: optionally other paid orders of the same licence, refunded with it (issue 37). */
export const refundOrderBodySchema = z
  .object({
    also_refund: z
      .array(idField('also_refund'), { error: 'also_refund must be a list of order ids' })
      .max(100, 'also_refund must list at most 100 orders')
      .optional(),
  })
  .strict()
  .nullish();

export const outboxEmailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(EMAIL_STATUSES),
  order_id: z.number().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxEmailListSchema = z.array(outboxEmailSchema);

export const emailListQuerySchema = z.object({
  order_id: idField('order_id').optional(),
});

export const resendEmailResponseSchema = z.object({ order: orderSchema, email: outboxEmailSchema });
export type ResendEmailResponse = z.infer<typeof resendEmailResponseSchema>;

/**
 * Provider events that issued or changed no licence and may need the vendor (beyond the specification): a
 * product not mapped to a plugin, an order without one valid e-mail address, a payment for an order this
 * server does not know, or a refund still waiting for its order.
 */
export const UNMATCHED_OUTCOMES = [
  'unmapped_product',
  'missing_email',
  'invalid_email',
  'unknown_order',
  'refund_pending',
  'license_revoked',
  'variant_mismatch',
  'unknown_license',
  'order_cancelled',
] as const;

export const paymentEventSchema = z.object({
  id: z.number(),
  provider: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  outcome: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentEventRecord = z.infer<typeof paymentEventSchema>;

export const paymentEventListSchema = z.array(paymentEventSchema);
