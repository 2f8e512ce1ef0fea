import { type Selectable, sql, type Transaction } from 'kysely';
import type { DB, OrdersTable } from '../../db/schema.js';
import { isPostgres } from '../../db/portable.js';
import { UNMATCHED_OUTCOMES, type OrderStatus } from '../../../common/orders.js';
import type { Db } from '../../db/database.js';

export type OrderRow = Selectable<OrdersTable>;
export interface NewOrder {
  email: string;
  plugin_slug: string;
  amount: number;
  currency: string;
  provider: string;
  provider_ref: string;
  client_secret_hash?: string | null;
  created_at: string;
  /** 0020-price-tiers: the tier bought, why (new | renewal | upgrade), and a coupon's share of the price. */
  price_id?: number | null;
  kind?: string;
  coupon_id?: number | null;
  discount_amount?: number;
  /** 0025: the licence a renewal extends or an upgrade raises. */
  target_license_id?: number | null;
  /** 0060-tax (docs/tax.md): `amount` is the total; net + tax make it up. */
  net_amount?: number | null;
  tax_amount?: number;
  tax_rate_bp?: number | null;
  tax_country?: string | null;
  tax_treatment?: string | null;
  buyer_vat_number?: string | null;
  buyer_name?: string | null;
  buyer_address?: string | null;
  tax_evidence?: string | null;
  tax_evidence_status?: string | null;
  tax_region?: string | null;
}

/**
 * Records a checkout's pending order under its `checkout_key`; answers undefined when a pending order with that
 * key exists already (another attempt of the same buyer won: the unique index decides, across instances).
 */
export async function insertPendingOrder(db: Db, order: NewOrder & { checkout_key: string }): Promise<OrderRow | undefined> {
  return db
    .insertInto('orders')
    .values({ ...order, client_secret_hash: order.client_secret_hash ?? null, status: 'pending', updated_at: order.created_at })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The pending order a checkout with this key may reuse, if any. */
export async function findPendingOrderByCheckoutKey(db: Db, checkoutKey: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('checkout_key', '=', checkoutKey).where('status', '=', 'pending').executeTakeFirst();
}

/**
 * Gives a pending order the intent of a new checkout attempt (its new client secret);
 * answers false when the order is no longer pending under that key (paid meanwhile).
 */
export async function attachIntentToPendingOrder(
  db: Db,
  id: number,
  checkoutKey: string,
  patch: { provider_ref: string; client_secret_hash: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(patch)
    .where('id', '=', id)
    .where('checkout_key', '=', checkoutKey)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes the checkout key off an order no attempt should reuse any more (abandoned, or its intent is spent). */
export async function releaseCheckoutKey(db: Db, id: number): Promise<void> {
  await db.updateTable('orders').set({ checkout_key: null }).where('id', '=', id).execute();
}

/** Inserts the order unless one with the same provider reference exists (concurrent webhooks race here). */
export async function insertOrderIfAbsent(db: Db, order: NewOrder): Promise<void> {
  await db
    .insertInto('orders')
    .values({ ...order, client_secret_hash: null, status: 'pending', updated_at: order.created_at })
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .execute();
}

/** Reads the order and, in PostgreSQL, locks its row until the transaction ends (SQLite serialises transactions). */
export async function lockOrderByRef(trx: Transaction<DB>, provider: string, providerRef: string): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('provider', '=', provider).where('provider_ref', '=', providerRef);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrderByClientSecretHash(db: Db, hash: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('client_secret_hash', '=', hash).executeTakeFirst();
}

export async function updateOrder(
  db: Db,
  id: number,
  patch: {
    status?: OrderStatus;
    license_id?: number | null;
    paid_at?: string | null;
    from_price_id?: number | null;
    from_max_activations?: number | null;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('orders').set(patch).where('id', '=', id).execute();
}

/**
 * Records a provider event once: answers false when this provider already delivered this event id
 * (the unique constraint decides, so concurrent deliveries cannot both pass).
 */
export async function recordPaymentEventOnce(
  db: Db,
  event: { provider: string; event_id: string; event_type: string; provider_ref?: string | null; outcome: string; note?: string | null; created_at: string },
): Promise<number | null> {
  const row = await db
    .insertInto('payment_events')
    .values({ ...event, note: event.note ?? null, provider_ref: event.provider_ref ?? null, order_id: null })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Serialises every event for one provider reference until the transaction ends: a refund that finds no order
 * and the order arriving at the same moment must not both miss each other. PostgreSQL: a transaction-scoped
 * advisory lock on a 64-bit hash of the reference (a collision only serialises two unrelated events);
 * SQLite already runs one transaction at a time.
 */
export async function lockProviderRef(trx: Transaction<DB>, provider: string, providerRef: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${`${provider}:${providerRef}`}, 0))`.execute(trx);
}

/** Marks the refunds that arrived before this order (`refund_pending`) as applied to it; answers whether there were any. */
export async function settlePendingRefunds(trx: Transaction<DB>, provider: string, providerRef: string, orderId: number): Promise<boolean> {
  const result = await trx
    .updateTable('payment_events')
    .set({ outcome: 'refunded', order_id: orderId })
    .where('provider', '=', provider)
    .where('provider_ref', '=', providerRef)
    .where('outcome', '=', 'refund_pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setPaymentEventOutcome(db: Db, id: number, outcome: string, orderId: number | null, note?: string | null): Promise<void> {
  await db
    .updateTable('payment_events')
    .set({ outcome, order_id: orderId, ...(note !== undefined ? { note } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function listPaymentEvents(db: Db) {
  return db.selectFrom('payment_events').selectAll().orderBy('id').execute();
}

/** The newest provider events that issued no licence (`UNMATCHED_OUTCOMES`), for the Orders page. */
export async function listUnmatchedPaymentEvents(db: Db, limit = 100) {
  return db
    .selectFrom('payment_events')
    .select(['id', 'provider', 'event_id', 'event_type', 'outcome', 'note', 'created_at'])
    .where('outcome', 'in', [...UNMATCHED_OUTCOMES])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Moves every order of one address (compared lower-cased) to another (the Customers page's change and merge). */
export async function reassignOrders(db: Db, fromEmail: string, toEmail: string, at: string): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ email: toEmail, updated_at: at })
    .where(sql<string>`lower(email)`, '=', fromEmail)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Whether an address has an order waiting for payment (an erase waits for it). Only orders created after
 * `since`: older ones are abandoned checkouts (ABANDONED_ORDER_AFTER_MS), which the erase cancels instead.
 */
export async function hasPendingOrder(db: Db, email: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .where('status', '=', 'pending')
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims a paid order for one admin refund (0036): only one caller at a time gets true, on either database and
 * across processes, until the claim is released or older than `staleBefore`.
 */
export async function claimOrderRefund(db: Db, id: number, at: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ refund_claimed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .where((eb) => eb.or([eb('refund_claimed_at', 'is', null), eb('refund_claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives a claim back when the provider refunded nothing (refused, unreachable). */
export async function releaseOrderRefund(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('orders').set({ refund_claimed_at: null }).where('id', '=', id).where('refund_claimed_at', '=', at).execute();
}

/**
 * Cancels pending orders: one by id (the admin's Cancel) or every one of an address (an erase). The checkout key
 * goes, so nothing reuses them; a payment that still arrives is recorded as `order_cancelled` for the vendor to
 * refund (fulfilment.service.ts). Answers the cancelled orders' provider and reference.
 */
export async function cancelPendingOrders(db: Db, which: { id: number } | { email: string }, at: string) {
  let query = db.updateTable('orders').set({ status: 'cancelled', checkout_key: null, updated_at: at }).where('status', '=', 'pending');
  query = 'id' in which ? query.where('id', '=', which.id) : query.where(sql<string>`lower(email)`, '=', which.email);
  return query.returning(['id', 'provider', 'provider_ref']).execute();
}

/** A customer's erase: their orders stay (amounts, dates, licences) under `replacement`, with nothing else of theirs. */
export async function eraseOrderAddress(db: Db, email: string, replacement: string, at: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ email: replacement, origin: null, updated_at: at })
    .where(sql<string>`lower(email)`, '=', email)
    .execute();
}

/** Orders of any status for a plugin (the demo content may be removed only while it has none). */
export async function countOrdersOfPlugin(db: Db, pluginSlug: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('plugin_slug', '=', pluginSlug)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
