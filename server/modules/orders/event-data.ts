import type { OrderRow } from './orders.repository.js';

// The `data` of the order events (docs/webhooks.md).
/** No client secret hash, no provider reference: what the vendor's own records need. */
export const orderEventData = (row: OrderRow) => ({
  id: row.id,
  email: row.email,
  plugin_slug: row.plugin_slug,
  amount: row.amount,
  currency: row.currency,
  /** The coupon's share of the price (minor units, 0 without one) and its id (docs/pricing.md "Coupons"). */
  discount_amount: row.discount_amount,
  coupon_id: row.coupon_id,
  status: row.status,
  provider: row.provider,
  license_id: row.license_id,
  /** new | renewal | upgrade; a renewal or upgrade names the licence it changed in target_license_id. */
  kind: row.kind,
  price_id: row.price_id,
  target_license_id: row.target_license_id,
  created_at: row.created_at,
  paid_at: row.paid_at,
});

export type OrderEventData = ReturnType<typeof orderEventData>;

// The order events this module emits (server/kernel/events.ts; docs/webhooks.md).
declare module '../../kernel/events.js' {
  interface AppEvents {
    'order.paid': OrderEventData;
    'order.refunded': OrderEventData;
  }
}
