import { outboxIdParamsSchema, outboxListQuerySchema, outboxListSchema, outboxMessageSchema } from '../../../common/outbox.js';
import type { App, AppContext } from '../../kernel/context.js';
import { findOutboxMessage, listOutbox, resendOutboxMessage } from './outbox.service.js';

/** The admin Outbox page's calls (admin-only by their prefix: common/admin-paths.ts). */
export function registerOutboxRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/admin/outbox',
    { config: { permission: 'emails:resend' }, schema: { querystring: outboxListQuerySchema, response: { 200: outboxListSchema } } },
    async (request) => listOutbox(ctx, request.query),
  );

  app.get(
    '/api/admin/outbox/:id',
    { config: { permission: 'emails:resend' }, schema: { params: outboxIdParamsSchema, response: { 200: outboxMessageSchema } } },
    async (request) => findOutboxMessage(ctx, request.params.id),
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    { config: { permission: 'emails:resend' }, schema: { params: outboxIdParamsSchema, response: { 200: outboxMessageSchema } } },
    async (request) => resendOutboxMessage(ctx, request.params.id),
  );
}
