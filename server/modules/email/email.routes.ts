import { emailListQuerySchema, outboxEmailListSchema } from '../../../common/orders.js';
import type { App, AppContext } from '../../kernel/context.js';
import { listEmails } from './email.repository.js';
import { deliverEmail, startEmailRetryLoop } from './email.service.js';
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

  // A change that queued an e-mail (the `email.queued` event) has it sent once the change has committed.
  ctx.events.afterCommit(async (events) => {
    for (const event of events) if (event.type === 'email.queued') await deliverEmail(ctx, (event.data as { id: number }).id);
  });

  const stopRetry = startEmailRetryLoop(ctx);
  app.addHook('onClose', async () => stopRetry());
}
