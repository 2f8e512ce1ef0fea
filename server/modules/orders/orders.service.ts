import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import type { OrderListPage, ResendEmailResponse } from '../../../common/orders.js';
import { type ListCursor, pageCursors } from '../../lib/list-cursor.js';
import { findEmailById, queueEmail, toOutboxEmail } from '../email/index.js';
import { unitOfWork } from '../../kernel/events.js';
import { findOrderById } from './orders.repository.js';
import { listOrdersForAdmin, type OrderListFilter } from './order-list.repository.js';
import { LICENCE_EMAIL_KIND } from './license-email.js';

/** Sends the licence e-mail of a paid order again (a new message, with a fresh download link). */
export async function resendLicenseEmail(ctx: AppContext, orderId: number): Promise<ResendEmailResponse> {
  const order = await findOrderById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  // A renewal or upgrade's licence is its target (0025-renewal-orders); its e-mail is the receipt of that change.
  if (order.status !== 'paid' || (order.license_id ?? order.target_license_id) === null) {
    throw new AppError('CONFLICT', `Order ${orderId} is ${order.status}; only a paid order has a licence e-mail to send`);
  }
  const emailId = await unitOfWork(ctx, (unit) => queueEmail(unit, { to_address: order.email, kind: LICENCE_EMAIL_KIND, order_id: order.id }));
  const [listed] = await listOrdersForAdmin(ctx.db, { id: orderId });
  const email = await findEmailById(ctx.db, emailId);
  if (!listed || !email) throw new AppError('NOT_FOUND', `Order ${orderId} was not found`);
  return { order: listed, email: toOutboxEmail(email) };
}

/** The Orders list's cursors name an order by its creation time (the list's one order, newest first) and id. */
export const ORDER_CURSOR = { name: 'orders', kind: 'text' } as const;

/** One page of the admin order list: by number (an offset), or after or before a cursor of this list (issue 44). */
export async function listOrdersPage(
  db: AppContext['db'],
  filter: OrderListFilter,
  page: number,
  perPage: number,
  cursor?: ListCursor,
): Promise<OrderListPage> {
  const orders = await listOrdersForAdmin(db, filter, { limit: perPage, offset: (page - 1) * perPage, cursor });
  return { orders, page, per_page: perPage, ...pageCursors(orders, (order) => order.created_at, ORDER_CURSOR.name) };
}
