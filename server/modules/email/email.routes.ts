import { emailListQuerySchema, outboxEmailListSchema } from '../../../common/orders.js';
import type { App, AppContext } from '../../context.js';
import { listEmails } from './email.repository.js';
import { startEmailRetryLoop } from './email.service.js';
import { registerOutboxRoutes } from './outbox.routes.js';

export function registerEmailRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/emails', { schema: { querystring: emailListQuerySchema, response: { 200: outboxEmailListSchema } } }, async (request) =>
    listEmails(ctx.db, { orderId: request.query.order_id }),
  );
  registerOutboxRoutes(app, ctx);

  const stopRetry = startEmailRetryLoop(ctx);
  app.addHook('onClose', async () => stopRetry());
}
