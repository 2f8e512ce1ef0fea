import {
  webhookDeliveryListQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookIdParamsSchema,
} from '../../../common/webhooks.js';
import type { App, AppContext } from '../../kernel/context.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { listDeliveries } from './deliveries.repository.js';
import { listEndpoints, toEndpoint } from './endpoints.repository.js';
import { changeEndpoint, createEndpoint, removeEndpoint, resendDelivery, rotateEndpointSecret, sendTestEvent } from './outgoing-webhooks.service.js';

/** Outgoing webhooks (docs/webhooks.md). The INCOMING provider webhooks are server/modules/webhooks/. */
export function registerOutgoingWebhookRoutes(app: App, ctx: AppContext): void {
  const base = '/api/admin/webhook-endpoints';
  const params = webhookIdParamsSchema;

  app.get(base, { config: { permission: 'settings:read' }, schema: { response: { 200: webhookEndpointListSchema } } }, async () =>
    (await listEndpoints(ctx.db)).map(toEndpoint),
  );

  app.post(
    base,
    { config: { permission: 'settings:write' }, schema: { body: webhookEndpointCreateSchema, response: { 201: webhookEndpointWithSecretSchema } } },
    async (request, reply) => reply.code(201).send(await createEndpoint(ctx, request.body)),
  );

  app.patch(
    `${base}/:id`,
    { config: { permission: 'settings:write' }, schema: { params, body: webhookEndpointUpdateSchema, response: { 200: webhookEndpointSchema } } },
    async (request) => changeEndpoint(ctx, request.params.id, request.body),
  );

  app.post(
    `${base}/:id/rotate-secret`,
    { config: { permission: 'settings:write' }, schema: { params, response: { 200: webhookEndpointWithSecretSchema } } },
    async (request) => rotateEndpointSecret(ctx.db, request.params.id),
  );

  app.delete(`${base}/:id`, { config: { permission: 'settings:write' }, schema: { params } }, async (request, reply) => {
    await removeEndpoint(ctx.db, request.params.id);
    return reply.code(204).send();
  });

  app.post(
    `${base}/:id/test`,
    { config: { permission: 'settings:write' }, schema: { params, response: { 202: webhookDeliverySchema } } },
    async (request, reply) => {
      const server = ctx.settings.baseUrl(requestOrigin(request) ?? `http://localhost:${ctx.config.PORT}`);
      return reply.code(202).send(await sendTestEvent(ctx, request.params.id, server));
    },
  );

  app.get(
    '/api/admin/webhook-deliveries',
    { config: { permission: 'settings:read' }, schema: { querystring: webhookDeliveryListQuerySchema, response: { 200: webhookDeliveryListSchema } } },
    async (request) => listDeliveries(ctx.db, { endpointId: request.query.endpoint_id, status: request.query.status }),
  );

  app.post(
    '/api/admin/webhook-deliveries/:id/resend',
    { config: { permission: 'settings:write' }, schema: { params, response: { 202: webhookDeliverySchema } } },
    async (request, reply) => reply.code(202).send(await resendDelivery(ctx, request.params.id)),
  );
}
