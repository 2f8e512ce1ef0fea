import { orderIdParamsSchema, orderListQuerySchema, orderListSchema, paymentEventListSchema, resendEmailResponseSchema } from '../../../common/orders.js';
import type { App, AppContext } from '../../kernel/context.js';
import { listUnmatchedPaymentEvents } from './orders.repository.js';
import { listOrdersForAdmin } from './order-list.repository.js';
import { resendLicenseEmail } from './orders.service.js';

export function registerOrderRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/admin/orders',
    { config: { permission: 'orders:read' }, schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } },
    async (request) =>
      listOrdersForAdmin(ctx.db, {
        search: request.query.search,
        includeAbandoned: request.query.include_abandoned === 'true',
        evidence: request.query.evidence,
      }),
  );

  app.get('/api/admin/payment-events/unmatched', { config: { permission: 'orders:read' }, schema: { response: { 200: paymentEventListSchema } } }, async () =>
    listUnmatchedPaymentEvents(ctx.db),
  );

  app.post(
    '/api/admin/orders/:id/resend-email',
    { config: { permission: 'emails:resend' }, schema: { params: orderIdParamsSchema, response: { 200: resendEmailResponseSchema } } },
    async (request) => resendLicenseEmail(ctx, request.params.id),
  );
}
