import { z } from 'zod';
import { readListCursor } from '../../lib/list-cursor.js';
import {
  orderIdParamsSchema,
  orderListPageSchema,
  orderListQuerySchema,
  orderListSchema,
  paymentEventListSchema,
  resendEmailResponseSchema,
} from '../../../common/orders.js';
import type { App, AppContext } from '../../kernel/context.js';
import { listUnmatchedPaymentEvents } from './orders.repository.js';
import { listOrdersForAdmin } from './order-list.repository.js';
import { listOrdersPage, ORDER_CURSOR, resendLicenseEmail } from './orders.service.js';

export function registerOrderRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/admin/orders',
    {
      config: { permission: 'orders:read' },
      schema: { querystring: orderListQuerySchema, response: { 200: z.union([orderListPageSchema, orderListSchema]) } },
    },
    async (request) => {
      const { search, include_abandoned: abandoned, evidence, page, per_page: perPage, after, before } = request.query;
      const filter = { search, includeAbandoned: abandoned === 'true', evidence };
      // With a page or a cursor: one page and its cursors (issue 44); without: the newest 500, as before.
      if (page === undefined && after === undefined && before === undefined) return listOrdersForAdmin(ctx.db, filter);
      return listOrdersPage(ctx.db, filter, page ?? 1, perPage, readListCursor(after, before, ORDER_CURSOR));
    },
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
