import { orderIdParamsSchema, orderListSchema, paymentEventListSchema, resendEmailResponseSchema } from '../../../common/orders.js';
import type { App, AppContext } from '../../context.js';
import { listOrdersForAdmin, listUnmatchedPaymentEvents } from './orders.repository.js';
import { resendLicenceEmail } from './orders.service.js';

export function registerOrderRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/orders', { schema: { response: { 200: orderListSchema } } }, async () => listOrdersForAdmin(ctx.db));

  app.get('/api/admin/payment-events/unmatched', { schema: { response: { 200: paymentEventListSchema } } }, async () => listUnmatchedPaymentEvents(ctx.db));

  app.post('/api/admin/orders/:id/resend-email', { schema: { params: orderIdParamsSchema, response: { 200: resendEmailResponseSchema } } }, async (request) =>
    resendLicenceEmail(ctx, request.params.id),
  );
}
