// The admin cancels an order waiting for payment (issue 37; docs/checkout.md "Cancelling a pending order"): an
// abandoned checkout that would otherwise block the customer's erase, or one the buyer asked to drop. One
// conditional UPDATE (still pending) decides, so a payment committing at the same moment wins and the cancel
// answers 409; the provider's intent is then cancelled (best effort), and a payment that still arrives is
// recorded as `order_cancelled` for the vendor to refund.
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { unitOfWork } from '../../kernel/events.js';
import type { Order } from '../../../common/orders.js';
import { recordActivity } from '../activities/index.js';
import { releaseCouponReservations } from '../coupons/index.js';
import { cancelPendingOrders, findOrderById, listOrdersForAdmin } from '../orders/index.js';

export async function cancelOrder(ctx: AppContext, orderId: number): Promise<Order> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  const notPending = () =>
    new AppError(
      'CONFLICT',
      `Order #${orderId} is ${order.status === 'pending' ? 'no longer pending' : order.status}; only an order waiting for payment can be cancelled${order.status === 'paid' ? ' (refund it instead)' : ''}`,
    );
  if (order.status !== 'pending') throw notPending();
  const at = nowIso();
  const cancelled = await unitOfWork(ctx, async ({ trx }) => {
    const rows = await cancelPendingOrders(trx, { id: orderId }, at);
    if (rows.length === 1) await recordActivity(trx, 'order_cancelled', { order_id: orderId, plugin_slug: order.plugin_slug, by: 'admin' }, at);
    await releaseCouponReservations(
      trx,
      rows.map((row) => row.id),
    ); // its place on a limited coupon is free again
    return rows;
  });
  if (cancelled.length === 0) throw notPending();
  for (const row of cancelled) await ctx.payments.named(row.provider)?.cancelIntent(row.provider_ref);
  const [listed] = await listOrdersForAdmin(ctx.db, { id: orderId });
  if (!listed) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  return listed;
}
