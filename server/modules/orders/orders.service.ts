import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import type { ResendEmailResponse } from '../../../common/orders.js';
import { findEmailById, queueEmail, toOutboxEmail } from '../email/index.js';
import { unitOfWork } from '../../kernel/events.js';
import { findOrderById } from './orders.repository.js';
import { listOrdersForAdmin } from './order-list.repository.js';
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
