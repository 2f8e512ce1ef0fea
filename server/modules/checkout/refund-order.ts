// Refunds from the admin (issue 26, docs/checkout.md "Refunds"): the whole amount of a paid order goes back through
// the provider it was paid with, then the refund is recorded exactly as the provider's refund webhook records it
// (server/modules/orders/fulfilment.service.ts: order refunded, licence revoked, buyer e-mailed, `order.refunded`,
// activity entry), so a webhook for the same refund arriving later finds the order refunded and changes nothing.
// Money moves once (issue 37): the order is claimed in the database before the provider is called, so of
// concurrent refunds one calls the provider and the others answer 409, on SQLite and PostgreSQL alike.
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { Order } from '../../../common/orders.js';
import { applyPaymentEvent, claimOrderRefund, findOrderById, listOrdersForAdmin, releaseOrderRefund } from '../orders/index.js';
import { PaymentRefusedError } from './payment-provider.js';

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', test: 'the built-in test provider', lemonsqueezy: 'Lemon Squeezy' };

/**
 * How long a refund's claim on its order holds: longer than any provider call takes (the Stripe client's own
 * timeout is 80 s). A claim left by a process that died mid-call lapses after it, and the next refund asks the
 * provider again with the same idempotency key, so it is the same refund.
 */
export const REFUND_CLAIM_MS = 5 * 60_000;

/** The provider could not be reached or failed; nothing was refunded or written. The route answers 502. */
export class RefundProviderUnavailableError extends Error {}

/** The licence's other paid orders (its first order, renewals, upgrades), which a refund of this one may take along. */
export async function relatedPaidOrders(ctx: AppContext, orderId: number): Promise<Order[]> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  const licenseId = order.license_id ?? order.target_license_id;
  if (licenseId === null) return [];
  const orders = await listOrdersForAdmin(ctx.db, { licenseId, includeAbandoned: true });
  return orders.filter((other) => other.id !== orderId && other.status === 'paid');
}

/**
 * Refunds the order and, when asked, other paid orders of its licence (`alsoRefund`, each checked to be one):
 * those first, newest first, then this one. Answers this order as the Orders page lists it.
 */
export async function refundOrder(ctx: AppContext, orderId: number, alsoRefund: number[] = []): Promise<Order> {
  const extra = [...new Set(alsoRefund)].filter((id) => id !== orderId);
  if (extra.length > 0) {
    const related = new Map((await relatedPaidOrders(ctx, orderId)).map((order) => [order.id, order]));
    const stranger = extra.find((id) => !related.has(id));
    if (stranger !== undefined) throw new AppError('BAD_REQUEST', `Order #${stranger} is not another paid order of the licence of order #${orderId}`);
    for (const id of extra.sort((a, b) => b - a)) await refundOne(ctx, id);
  }
  await refundOne(ctx, orderId);
  const [listed] = await listOrdersForAdmin(ctx.db, { id: orderId });
  if (!listed) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  return listed;
}

async function refundOne(ctx: AppContext, orderId: number): Promise<void> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  if (order.status === 'refunded') throw new AppError('CONFLICT', `Order #${orderId} is already refunded`);
  if (order.status !== 'paid') throw new AppError('CONFLICT', `Order #${orderId} is ${order.status}, not paid, so there is nothing to refund`);
  const providerName = PROVIDER_NAMES[order.provider] ?? order.provider;
  if (order.provider_ref === null)
    throw new AppError('CONFLICT', `Order #${orderId} has no payment reference at ${providerName}, so it cannot be refunded from here`);
  const provider = ctx.payments.named(order.provider);
  if (!provider) {
    throw new AppError(
      'CONFLICT',
      order.provider === 'stripe'
        ? `Order #${orderId} was paid with Stripe, which is not configured on this server (STRIPE_SECRET_KEY); refund it in Stripe's dashboard and its webhook records the refund here`
        : `Order #${orderId} was paid through ${providerName}, which this server cannot refund; refund it in ${providerName}'s dashboard and its webhook records the refund here`,
    );
  }
  const claimedAt = nowIso();
  if (!(await claimOrderRefund(ctx.db, orderId, claimedAt, new Date(Date.parse(claimedAt) - REFUND_CLAIM_MS).toISOString()))) {
    const now = await findOrderById(ctx.db, orderId);
    if (now?.status === 'refunded') throw new AppError('CONFLICT', `Order #${orderId} is already refunded`);
    throw new AppError('CONFLICT', `A refund of order #${orderId} is already in progress; reload the page in a moment to see it`);
  }
  let refundRef: string;
  try {
    // One refund per payment, however often this is asked (a retry after a timeout, a claim that lapsed).
    ({ refundRef } = await provider.refund(order.provider_ref, {
      amount: order.amount,
      currency: order.currency,
      idempotencyKey: `refund-${order.provider_ref}`,
    }));
  } catch (error) {
    await releaseOrderRefund(ctx.db, orderId, claimedAt);
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PaymentRefusedError) throw new AppError('CONFLICT', `Order #${orderId} was not refunded: ${message}`);
    ctx.log.error({ err: error, orderId }, 'refund failed at the payment provider');
    throw new RefundProviderUnavailableError(
      `Order #${orderId} was not refunded: ${providerName} could not be reached (${message}). Nothing changed; try again.`,
    );
  }
  // Should recording fail, the claim goes: Refund again gets the same provider refund (same key) and records it.
  await applyPaymentEvent(ctx, {
    kind: 'refunded',
    provider: order.provider,
    eventId: `admin-refund:${refundRef}`,
    eventType: 'admin.refund',
    providerRef: order.provider_ref,
    byAdmin: { refundRef },
  }).catch(async (error: unknown) => {
    await releaseOrderRefund(ctx.db, orderId, claimedAt);
    throw error;
  });
}
