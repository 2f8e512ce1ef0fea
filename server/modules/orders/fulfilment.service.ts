import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppContext } from '../../kernel/context.js';
import { unitOfWork, type Unit } from '../../kernel/events.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { createLicense, renewLicenseTerm, revertRenewalTerm, revertUpgradeTier, revokeLicense, upgradeLicenseTier } from '../licenses/index.js';
import { queueEmail } from '../email/index.js';
import { LICENCE_EMAIL_KIND } from './license-email.js';
import { REFUND_EMAIL_KIND, refundEmailFor } from './refund-email.js';
import { emailBrand, type EmailBrand } from '../storefront/index.js';
import { orderEventData } from './event-data.js';
import { findPriceById } from '../prices/index.js';
import { addTerm, PLAN_OF_TERM, type PriceTerm } from '../../../common/prices.js';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';
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
import { recordCardCountry } from './order-tax.repository.js';

// Fulfilment: the ONE place every payment path (Stripe webhook, Lemon Squeezy webhook, the test provider's
// confirmation) ends. Idempotent by construction: the event is recorded once (unique provider + event id),
// the order row is locked (PostgreSQL FOR UPDATE; SQLite serialises transactions) and only a pending order
// becomes paid; unique constraints on licences.order_id, orders.license_id and the e-mail dedupe key are
// the backstop. The licence e-mail is queued inside the transaction and delivered after commit.

// What an order without a tier sells (orders from before 0020-price-tiers, Lemon Squeezy orders): what every sale
// made before tiers, the same as a plugin's base tier.
export const PURCHASE_PLAN = 'lifetime' as const;
export const PURCHASE_MAX_ACTIVATIONS = 3;

/** The licence an order's tier makes: its sites (unlimited as UNLIMITED_ACTIVATIONS) and term from the payment. */
async function licenseTermsOf(trx: Transaction<DB>, order: OrderRow, paidAt: string) {
  const tier = order.price_id === null ? undefined : await findPriceById(trx, order.price_id);
  if (!tier) return { plan: PURCHASE_PLAN, maxActivations: PURCHASE_MAX_ACTIVATIONS, expiresAt: null, priceId: null };
  const term = tier.term as PriceTerm;
  return { plan: PLAN_OF_TERM[term], maxActivations: tier.sites ?? UNLIMITED_ACTIVATIONS, expiresAt: addTerm(paidAt, term), priceId: tier.id };
}

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
  /** The tier sold (a Lemon Squeezy variant of a tier); without one, a lifetime licence for 3 sites. */
  priceId?: number;
  /** A renewal of the licence named (Lemon Squeezy custom data); a new sale otherwise. */
  renewalOf?: number;
}

export type PaymentEvent =
  | (EventBase & {
      kind: 'paid';
      providerRef: string;
      order?: OrderDetails;
      /** The paying card's country, when the provider tells it. */ cardCountry?: string | null;
    })
  | (EventBase & {
      kind: 'refunded';
      providerRef: string;
      /** Refunded from the admin (server/modules/checkout/refund-order.ts): its refund reference. */
      byAdmin?: { refundRef: string };
    })
  | (EventBase & { kind: 'ignored'; reason: string; note?: string });

export type FulfilmentOutcome =
  'duplicate' | 'fulfilled' | 'already_paid' | 'already_refunded' | 'refunded' | 'refund_pending' | 'unknown_order' | 'ignored' | string;

export interface FulfilmentResult {
  outcome: FulfilmentOutcome;
  orderId: number | null;
}

/**
 * A renewal or upgrade order changes the licence it targets (docs/pricing.md "Renewals", "Upgrades") instead of
 * making one: a renewal extends it by its tier's term, an upgrade moves it to the order's tier. Answers the licence.
 */
async function applyRenewalOrUpgrade(unit: Unit, order: OrderRow, at: string) {
  const tier = order.price_id === null ? undefined : await findPriceById(unit.trx, order.price_id);
  if (order.target_license_id === null || !tier) throw new Error(`${order.kind} order ${order.id} names no licence or tier`);
  if (order.kind === 'renewal') {
    if (tier.term === 'lifetime') throw new Error(`renewal order ${order.id} names a lifetime tier`);
    return renewLicenseTerm(unit, { licenseId: order.target_license_id, term: tier.term as 'year' | 'month', orderId: order.id, at });
  }
  const upgraded = await upgradeLicenseTier(unit, {
    licenseId: order.target_license_id,
    priceId: tier.id,
    maxActivations: tier.sites ?? UNLIMITED_ACTIVATIONS,
    orderId: order.id,
    at,
  });
  // The order keeps where the licence came from, so refunding it moves the licence back (markRefunded).
  if (upgraded) {
    await updateOrder(unit.trx, order.id, {
      from_price_id: upgraded.previous.price_id,
      from_max_activations: upgraded.previous.max_activations,
      updated_at: at,
    });
  }
  return upgraded;
}

/** Answers false (nothing changed) when a renewal or upgrade finds its licence revoked since its checkout began. */
async function markPaid(unit: Unit, order: OrderRow, at: string): Promise<boolean> {
  const { trx } = unit;
  const changesLicense = order.kind === 'renewal' || order.kind === 'upgrade';
  const license = changesLicense
    ? await applyRenewalOrUpgrade(unit, order, at)
    : await createLicense(unit, {
        pluginSlug: order.plugin_slug,
        ...(await licenseTermsOf(trx, order, at)),
        customerEmail: order.email,
        orderId: order.id,
      });
  if (!license) return false;
  // orders.license_id names the licence an order made (unique); a renewal or upgrade names its licence in target_license_id.
  const licenseId = changesLicense ? null : license.id;
  await updateOrder(trx, order.id, { status: 'paid', license_id: licenseId, paid_at: at, updated_at: at });
  await unit.emit('order.paid', orderEventData({ ...order, status: 'paid', license_id: licenseId, paid_at: at, updated_at: at }), at);
  await recordActivity(
    trx,
    'order_paid',
    {
      order_id: order.id,
      email: order.email,
      plugin_slug: order.plugin_slug,
      amount: order.amount,
      currency: order.currency,
      license_key: license.key,
      kind: order.kind,
    },
    at,
  );
  await queueEmail(unit, { to_address: order.email, kind: LICENCE_EMAIL_KIND, order_id: order.id, dedupe_key: `licence:order:${order.id}`, at });
  return true;
}

async function markRefunded(unit: Unit, brand: EmailBrand, order: OrderRow, at: string, byAdmin?: { refundRef: string }): Promise<void> {
  const { trx } = unit;
  if (order.license_id !== null) await revokeLicense(unit, order.license_id);
  // A refunded renewal takes its term back (a refund before the payment was applied has nothing to take back).
  if (order.kind === 'renewal' && order.status === 'paid' && order.target_license_id !== null && order.price_id !== null) {
    const tier = await findPriceById(trx, order.price_id);
    if (tier && tier.term !== 'lifetime')
      await revertRenewalTerm(unit, { licenseId: order.target_license_id, term: tier.term as 'year' | 'month', orderId: order.id, at });
  }
  // A refunded upgrade moves the licence back to the tier and site limit it came from (docs/pricing.md "Upgrades").
  if (
    order.kind === 'upgrade' &&
    order.status === 'paid' &&
    order.target_license_id !== null &&
    order.price_id !== null &&
    order.from_max_activations !== null
  ) {
    await revertUpgradeTier(unit, {
      licenseId: order.target_license_id,
      upgradedPriceId: order.price_id,
      from: { priceId: order.from_price_id, maxActivations: order.from_max_activations },
      orderId: order.id,
      at,
    });
  }
  await updateOrder(trx, order.id, { status: 'refunded', updated_at: at });
  await unit.emit('order.refunded', orderEventData({ ...order, status: 'refunded', updated_at: at }), at);
  await recordActivity(
    trx,
    'order_refunded',
    { order_id: order.id, email: order.email, plugin_slug: order.plugin_slug, ...(byAdmin ? { by: 'admin', refund_ref: byAdmin.refundRef } : {}) },
    at,
  );
  // The buyer of a paid order is told (a refund that arrives before the payment was never theirs to hear about).
  if (order.status !== 'paid') return;
  await queueEmail(unit, {
    to_address: order.email,
    kind: REFUND_EMAIL_KIND,
    order_id: order.id,
    dedupe_key: `refund:order:${order.id}`,
    content: await refundEmailFor(trx, order, brand),
    at,
  });
}

/** Applies one provider event; answers what it did. Throws only on database failure (the provider then retries). */
export async function applyPaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<FulfilmentResult> {
  const at = nowIso();
  // Webhooks and the licence e-mail go once the change has committed (server/kernel/events.ts).
  const result = await unitOfWork(ctx, async (unit): Promise<FulfilmentResult> => {
    const { trx } = unit;
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
    const done = async (outcome: FulfilmentOutcome, orderId: number | null, note?: string) => {
      await setPaymentEventOutcome(trx, eventRowId as number, outcome, orderId, note);
      return { outcome, orderId };
    };
    if (eventRowId === null) return { outcome: 'duplicate', orderId: null };
    if (event.kind === 'ignored') return done(event.reason, null, event.note);

    if (event.kind === 'paid' && event.order) {
      await insertOrderIfAbsent(trx, {
        email: event.order.email,
        plugin_slug: event.order.pluginSlug,
        amount: event.order.amount,
        currency: event.order.currency,
        price_id: event.order.priceId ?? null,
        kind: event.order.renewalOf === undefined ? 'new' : 'renewal',
        target_license_id: event.order.renewalOf ?? null,
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
    if (order.status === 'cancelled') {
      const what = event.kind === 'paid' ? 'a payment arrived for it; refund the payment' : 'its refund changes nothing';
      return done('order_cancelled', order.id, `order #${order.id} was cancelled before this event: ${what}`);
    }

    if (event.kind === 'paid') {
      if (order.status === 'paid') return done('already_paid', order.id);
      // A refund that arrived first wins: a refunded order is never fulfilled afterwards.
      if (order.status === 'refunded') return done('already_refunded', order.id);
      if (await settlePendingRefunds(trx, event.provider, event.providerRef, order.id)) {
        await markRefunded(unit, emailBrand(ctx.settings), order, at); // no licence yet, so none to revoke and no e-mail
        return done('already_refunded', order.id, 'a refund for this order arrived before it');
      }
      // The card's country joins the order's location evidence (docs/tax.md).
      if (event.cardCountry) await recordCardCountry(trx, order, event.cardCountry, at);
      if (!(await markPaid(unit, order, at))) {
        // Paid for a licence revoked meanwhile: the order stays pending and the vendor sees the event (refund it).
        return done('license_revoked', order.id, `the licence this ${order.kind} was for is revoked; refund the payment`);
      }
      return done('fulfilled', order.id);
    }
    if (order.status === 'refunded') return done('already_refunded', order.id);
    await markRefunded(unit, emailBrand(ctx.settings), order, at, event.byAdmin);
    return done('refunded', order.id);
  });
  if (result.outcome === 'fulfilled' || result.outcome === 'refunded') {
    ctx.log.info({ provider: event.provider, eventId: event.eventId, orderId: result.orderId }, `order ${result.outcome}`);
  }
  return result;
}
