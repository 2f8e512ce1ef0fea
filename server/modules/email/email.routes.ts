import { emailListQuerySchema, outboxEmailListSchema } from '../../../common/orders.js';
import type { App, AppContext } from '../../kernel/context.js';
import { listEmails } from './email.repository.js';
import { registerOutboxRoutes } from './outbox.routes.js';
import { registerShopAddressRoutes } from './shop-address.routes.js';

export function registerEmailRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/admin/emails',
    { config: { permission: 'emails:resend' }, schema: { querystring: emailListQuerySchema, response: { 200: outboxEmailListSchema } } },
    async (request) => listEmails(ctx.db, { orderId: request.query.order_id }),
  );
  registerOutboxRoutes(app, ctx);
  registerShopAddressRoutes(app, ctx);
}
