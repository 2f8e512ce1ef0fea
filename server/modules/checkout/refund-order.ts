// Refunds from the admin (issue 26, docs/checkout.md "Refunds"): the whole amount of a paid order goes back through
// the provider it was paid with, then the refund is recorded exactly as the provider's refund webhook records it
// (server/modules/orders/fulfilment.service.ts: order refunded, licence revoked, buyer e-mailed, `order.refunded`,
// activity entry), so a webhook for the same refund arriving later finds the order refunded and changes nothing.
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import type { Order } from '../../../common/orders.js';
import { applyPaymentEvent, findOrderById, listOrdersForAdmin } from '../orders/index.js';
import { PaymentRefusedError } from './payment-provider.js';

const PROVIDER_NAMES: Record<string, string> = { stripe: 'Stripe', test: 'the built-in test provider', lemonsqueezy: 'Lemon Squeezy' };

/** The provider could not be reached or failed; nothing was refunded or written. The route answers 502. */
export class RefundProviderUnavailableError extends Error {}

export async function refundOrder(ctx: AppContext, orderId: number): Promise<Order> {
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
  let refundRef: string;
  try {
    // One refund per payment, however often this is asked (two admins at once, a retry after a timeout).
    ({ refundRef } = await provider.refund(order.provider_ref, {
      amount: order.amount,
      currency: order.currency,
      idempotencyKey: `refund-${order.provider_ref}`,
    }));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof PaymentRefusedError) throw new AppError('CONFLICT', `Order #${orderId} was not refunded: ${message}`);
    ctx.log.error({ err: error, orderId }, 'refund failed at the payment provider');
    throw new RefundProviderUnavailableError(
      `Order #${orderId} was not refunded: ${providerName} could not be reached (${message}). Nothing changed; try again.`,
    );
  }
  await applyPaymentEvent(ctx, {
    kind: 'refunded',
    provider: order.provider,
    eventId: `admin-refund:${refundRef}`,
    eventType: 'admin.refund',
    providerRef: order.provider_ref,
    byAdmin: { refundRef },
  });
  const [listed] = await listOrdersForAdmin(ctx.db, { id: orderId });
  if (!listed) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  return listed;
}
