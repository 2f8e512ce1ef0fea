import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/activities.service.js';
import { createLicense, revokeLicense } from '../licenses/license-access.service.js';
import { insertQueuedEmail } from '../email/email.service.js';
import { deliverEmail } from '../email/email.service.js';
import { LICENCE_EMAIL_KIND } from './license-email.js';
import { enqueueEvent, nudgeWebhookDeliveries, orderEventData } from '../outgoing-webhooks/events.service.js';
import { refreshCustomerSummaries } from '../customers/customer-summary.service.js';
import {
  insertOrderIfAbsent,
  lockOrderByRef,
  lockProviderRef,
  recordPaymentEventOnce,
  setPaymentEventOutcome,
  settlePendingRefunds,
  updateOrder,
  type OrderRow,
} from './orders.repository.js';

// Fulfilment: the ONE place every payment path (Stripe webhook, Lemon Squeezy webhook, the test provider's
// confirmation) ends. Idempotent by construction: the event is recorded once (unique provider + event id),
// the order row is locked (PostgreSQL FOR UPDATE; SQLite serialises transactions) and only a pending order
// becomes paid; unique constraints on licences.order_id, orders.license_id and the e-mail dedupe key are
// the backstop. The licence e-mail is queued inside the transaction and delivered after commit.

export const PURCHASE_PLAN = 'lifetime' as const;
export const PURCHASE_MAX_ACTIVATIONS = 3;

interface EventBase {
  provider: string;
  eventId: string;
  eventType: string;
}

/** What the order looks like, for a paid event whose order this server has not recorded (e.g. Lemon Squeezy). */
export interface OrderDetails {
  email: string;
  pluginSlug: string;
  amount: number;
  currency: string;
}

export type PaymentEvent =
  | (EventBase & { kind: 'paid'; providerRef: string; order?: OrderDetails })
  | (EventBase & { kind: 'refunded'; providerRef: string })
  | (EventBase & { kind: 'ignored'; reason: string; note?: string });

export type FulfilmentOutcome =
  'duplicate' | 'fulfilled' | 'already_paid' | 'already_refunded' | 'refunded' | 'refund_pending' | 'unknown_order' | 'ignored' | string;

export interface FulfilmentResult {
  outcome: FulfilmentOutcome;
  orderId: number | null;
}

async function markPaid(trx: Transaction<DB>, order: OrderRow, at: string): Promise<number> {
  const license = await createLicense(trx, {
    pluginSlug: order.plugin_slug,
    plan: PURCHASE_PLAN,
    maxActivations: PURCHASE_MAX_ACTIVATIONS,
    customerEmail: order.email,
    orderId: order.id,
  });
  await updateOrder(trx, order.id, { status: 'paid', license_id: license.id, paid_at: at, updated_at: at });
  await refreshCustomerSummaries(trx, [order.email], at);
  await enqueueEvent(trx, 'order.paid', orderEventData({ ...order, status: 'paid', license_id: license.id, paid_at: at, updated_at: at }), at);
  await recordActivity(
    trx,
    'order_paid',
    { order_id: order.id, email: order.email, plugin_slug: order.plugin_slug, amount: order.amount, currency: order.currency, license_key: license.key },
    at,
  );
  return insertQueuedEmail(trx, {
    to_address: order.email,
    kind: LICENCE_EMAIL_KIND,
    order_id: order.id,
    dedupe_key: `licence:order:${order.id}`,
    created_at: at,
  });
}

async function markRefunded(trx: Transaction<DB>, order: OrderRow, at: string): Promise<void> {
  if (order.license_id !== null) await revokeLicense(trx, order.license_id);
  await updateOrder(trx, order.id, { status: 'refunded', updated_at: at });
  await refreshCustomerSummaries(trx, [order.email], at);
  await enqueueEvent(trx, 'order.refunded', orderEventData({ ...order, status: 'refunded', updated_at: at }), at);
  await recordActivity(trx, 'order_refunded', { order_id: order.id, email: order.email, plugin_slug: order.plugin_slug }, at);
}

/** Applies one provider event; answers what it did. Throws only on database failure (the provider then retries). */
export async function applyPaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<FulfilmentResult> {
  const at = nowIso();
  const { result, emailId } = await ctx.db.transaction().execute(async (trx) => {
    const providerRef = event.kind === 'ignored' ? null : event.providerRef;
    if (providerRef !== null) await lockProviderRef(trx, event.provider, providerRef);
    const eventRowId = await recordPaymentEventOnce(trx, {
      provider: event.provider,
      event_id: event.eventId,
      event_type: event.eventType,
      provider_ref: providerRef,
      outcome: 'processing',
      created_at: at,
    });
    const done = async (outcome: FulfilmentOutcome, orderId: number | null, note?: string, queuedEmailId: number | null = null) => {
      await setPaymentEventOutcome(trx, eventRowId as number, outcome, orderId, note);
      return { result: { outcome, orderId }, emailId: queuedEmailId };
    };
    if (eventRowId === null) return { result: { outcome: 'duplicate', orderId: null }, emailId: null };
    if (event.kind === 'ignored') return done(event.reason, null, event.note);

    if (event.kind === 'paid' && event.order) {
      await insertOrderIfAbsent(trx, {
        email: event.order.email,
        plugin_slug: event.order.pluginSlug,
        amount: event.order.amount,
        currency: event.order.currency,
        provider: event.provider,
        provider_ref: event.providerRef,
        created_at: at,
      });
    }
    const order = await lockOrderByRef(trx, event.provider, event.providerRef);
    if (!order && event.kind === 'refunded') {
      // Kept, not lost: the order's own event applies it when it arrives (settlePendingRefunds below).
      return done('refund_pending', null, `no order yet for ${event.provider} reference ${event.providerRef}; the refund applies when the order arrives`);
    }
    if (!order) return done('unknown_order', null, `no order for ${event.provider} reference ${event.providerRef}`);

    if (event.kind === 'paid') {
      if (order.status === 'paid') return done('already_paid', order.id);
      // A refund that arrived first wins: a refunded order is never fulfilled afterwards.
      if (order.status === 'refunded') return done('already_refunded', order.id);
      if (await settlePendingRefunds(trx, event.provider, event.providerRef, order.id)) {
        await markRefunded(trx, order, at); // no licence yet, so none to revoke and no e-mail
        return done('already_refunded', order.id, 'a refund for this order arrived before it');
      }
      const queued = await markPaid(trx, order, at);
      return done('fulfilled', order.id, undefined, queued);
    }
    if (order.status === 'refunded') return done('already_refunded', order.id);
    await markRefunded(trx, order, at);
    return done('refunded', order.id);
  });
  if (result.outcome === 'fulfilled' || result.outcome === 'refunded' || result.outcome === 'already_refunded') nudgeWebhookDeliveries();
  if (emailId !== null) await deliverEmail(ctx, emailId);
  if (result.outcome === 'fulfilled' || result.outcome === 'refunded') {
    ctx.log.info({ provider: event.provider, eventId: event.eventId, orderId: result.orderId }, `order ${result.outcome}`);
  }
  return result;
}
