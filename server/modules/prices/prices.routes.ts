import { z } from 'zod';
import { idField } from '../../../common/ids.js';
import { pluginSlugParamsSchema } from '../../../common/plugin-admin.js';
import { adminPriceSchema, priceCreateSchema, pricePatchSchema } from '../../../common/prices.js';
import type { App, AppContext } from '../../kernel/context.js';
import { createPrice, editPrice, listAdminPrices } from './prices.service.js';

/** The admin's price tiers of a plugin (docs/pricing.md): list, add, edit (deactivate is `active: false`; tiers are never deleted, orders name them). */
export function registerPriceRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/admin/plugins/:slug/prices',
    { config: { permission: 'plugins:read' }, schema: { params: pluginSlugParamsSchema, response: { 200: z.array(adminPriceSchema) } } },
    async (request) => listAdminPrices(ctx.db, request.params.slug),
  );
  app.post(
    '/api/admin/plugins/:slug/prices',
    { config: { permission: 'prices:write' }, schema: { params: pluginSlugParamsSchema, body: priceCreateSchema, response: { 201: adminPriceSchema } } },
    async (request, reply) => reply.code(201).send(await createPrice(ctx, request.params.slug, request.body)),
  );
  app.patch(
    '/api/admin/prices/:id',
    {
      config: { permission: 'prices:write' },
      schema: { params: z.object({ id: idField('id') }), body: pricePatchSchema, response: { 200: adminPriceSchema } },
    },
    async (request) => editPrice(ctx, request.params.id, request.body),
  );
}
