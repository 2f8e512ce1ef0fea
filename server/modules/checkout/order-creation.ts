// The one order-creation path of every checkout (a new sale, checkout.service.ts; a renewal or an upgrade,
// renewal-checkout.ts): the provider is chosen, automatic renewal checked against it, a waiting order of the same
// attempt reused, else an intent made and the pending order written with what belongs to it in one unit of work.
import type { AppContext } from '../../kernel/context.js';
import { unitOfWork, type Unit } from '../../kernel/events.js';
import { AppError } from '../../lib/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';
import { ABANDONED_ORDER_AFTER_MS } from '../../../common/orders.js';
import { attachIntentToPendingOrder, findPendingOrderByCheckoutKey, insertPendingOrder, releaseCheckoutKey } from '../orders/index.js';
import type { CreateIntentInput, PaymentProvider } from './payment-provider.js';
import { AUTO_RENEW_PROVIDERS, AUTO_RENEW_TERM_REFUSAL } from './auto-renewal.js';
import { insertOptIn } from './auto-renewals.repository.js';
import { couponHoldLapsed, releaseCouponReservations } from '../coupons/index.js';

/** Thrown when payments cannot be taken in this configuration (answered 503). */
export class PaymentsUnavailableError extends Error {}

/** A pending order as a checkout writes it. */
export type CheckoutOrderRow = Parameters<typeof insertPendingOrder>[1];

/** A refusal of `auto_renew` for this tier and provider, or undefined (docs/pricing.md "Automatic renewal"). */
export function autoRenewRefusal(term: string, providerName: string): string | undefined {
  if (term === 'lifetime') return AUTO_RENEW_TERM_REFUSAL;
  if (!AUTO_RENEW_PROVIDERS.has(providerName))
    return `Automatic renewal is not available with ${providerName} payments; renew by hand from the renewal e-mail.`;
  return undefined;
}

/** What a use case has decided (the amount, the tier, the buyer) when it hands its checkout to startCheckout. */
export interface CheckoutStart {
  /** The buyer asked for automatic renewal. */
  autoRenew: boolean;
  /** The tier's term (a lifetime tier never renews). */
  term: string;
  /** What the provider's intent is made with (`saveCard` is added here with automatic renewal). */
  intent: Omit<CreateIntentInput, 'saveCard'>;
  /** What makes two attempts the same purchase (after the provider's name; `auto_renew` is added here). */
  keyParts: unknown[];
  /** The pending order, without what the provider and the attempt give it. */
  order: Omit<CheckoutOrderRow, 'provider' | 'provider_ref' | 'client_secret_hash' | 'checkout_key' | 'created_at'>;
  /** Writes the order in the checkout's unit (a coupon's redemption with it); a plain insert by default. */
  insert?: (unit: Unit, order: CheckoutOrderRow) => Promise<{ id: number } | undefined>;
  /** The 409's message when a parallel attempt of the same buyer won and its order cannot be reused. */
  conflictMessage: string;
}

/**
 * Starts a checkout's payment: the provider for it (503 without one), automatic renewal checked against it, the
 * waiting order of the same attempt given back (reusePendingOrder), else an intent and its pending order with the
 * automatic-renewal opt-in in one unit of work. Nothing of the request (its Host) is kept: e-mailed links never come
 * from a buyer (docs/checkout.md, "Links in e-mails").
 */
export async function startCheckout(ctx: AppContext, start: CheckoutStart): Promise<{ clientSecret: string }> {
  const choice = ctx.payments.choose();
  if (!choice.available) throw new PaymentsUnavailableError(choice.message);
  const { provider } = choice;
  const refusal = start.autoRenew ? autoRenewRefusal(start.term, provider.name) : undefined;
  if (refusal) throw new AppError('UNPROCESSABLE', refusal);
  const input: CreateIntentInput = { ...start.intent, ...(start.autoRenew ? { saveCard: true } : {}) };
  const checkoutKey = sha256Hex(JSON.stringify([provider.name, ...start.keyParts, ...(start.autoRenew ? ['auto_renew'] : [])]));
  const reused = await reusePendingOrder(ctx, provider, checkoutKey, input);
  if (reused) return reused;
  const intent = await provider.createIntent(input);
  const order: CheckoutOrderRow = {
    ...start.order,
    provider: provider.name,
    provider_ref: intent.providerRef,
    client_secret_hash: sha256Hex(intent.clientSecret),
    checkout_key: checkoutKey,
    created_at: nowIso(),
  };
  const insert = start.insert ?? ((unit: Unit, row: CheckoutOrderRow) => insertPendingOrder(unit.trx, row));
  const created = await insertCheckoutOrder(ctx, provider, intent.providerRef, async (unit) => {
    const row = await insert(unit, order);
    if (row && start.autoRenew)
      await insertOptIn(unit.trx, { order_id: row.id, provider: provider.name, customer_ref: intent.customerRef ?? null, created_at: order.created_at });
    return row;
  });
  if (created) return { clientSecret: intent.clientSecret };
  // A parallel attempt of the same buyer recorded its order first: this one's intent goes, that order is used.
  await provider.cancelIntent(intent.providerRef);
  const winner = await reusePendingOrder(ctx, provider, checkoutKey, input);
  if (winner) return winner;
  throw new AppError('CONFLICT', start.conflictMessage);
}

/**
 * Writes a checkout's pending order in one unit of work (the order with what belongs to it: a coupon's redemption,
 * the automatic-renewal opt-in). When that fails (a coupon used up by a parallel checkout), nothing is written, the
 * intent just made is cancelled and the refusal answered.
 */
async function insertCheckoutOrder<T>(ctx: AppContext, provider: PaymentProvider, providerRef: string, write: (unit: Unit) => Promise<T>): Promise<T> {
  try {
    return await unitOfWork(ctx, write);
  } catch (error) {
    await provider.cancelIntent(providerRef).catch(() => undefined);
    throw error;
  }
}

/**
 * The same buyer starting checkout again (same e-mail, plugin, amount, currency and provider) while their order
 * waits for payment gets that order back, with a client secret for its intent, instead of another pending order.
 * An order older than ABANDONED_ORDER_AFTER_MS (abandoned: left out of the admin's list), whose coupon's hold ran
 * out (the new order checks the coupon's limits again) or whose intent can no longer be paid keeps its history but
 * gives up the key, and the caller makes a new one.
 */
async function reusePendingOrder(
  ctx: AppContext,
  provider: PaymentProvider,
  checkoutKey: string,
  input: CreateIntentInput,
): Promise<{ clientSecret: string } | null> {
  const pending = await findPendingOrderByCheckoutKey(ctx.db, checkoutKey);
  if (!pending) return null;
  const stale = Date.parse(pending.created_at) < Date.now() - ABANDONED_ORDER_AFTER_MS || (await couponHoldLapsed(ctx.db, pending.id, nowIso()));
  const intent = stale ? null : await provider.reuseIntent(pending.provider_ref, input);
  if (!intent) {
    await releaseCheckoutKey(ctx.db, pending.id);
    await releaseCouponReservations(ctx.db, [pending.id]); // the new checkout reserves its own place
    return null;
  }
  const patch = {
    provider_ref: intent.providerRef,
    client_secret_hash: sha256Hex(intent.clientSecret),
    updated_at: nowIso(),
  };
  // False when the order was paid in between: the caller makes a new one.
  return (await attachIntentToPendingOrder(ctx.db, pending.id, checkoutKey, patch)) ? { clientSecret: intent.clientSecret } : null;
}
