import { z } from 'zod';
import {
  activationParamsSchema,
  idParamsSchema,
  licenceCreateSchema,
  licenceDetailSchema,
  licenceListQuerySchema,
  licenceSchema,
  licenceUpdateSchema,
} from '../../../common/licences.js';
import type { App, AppContext } from '../../context.js';
import { revokeLicence } from './licence-access.js';
import { createAdminLicence, deactivateAdminSite, getAdminLicence, listAdminLicences, updateAdminLicence } from './licences.service.js';
import { registerMachineRoutes } from './machine.routes.js';

export function registerLicenceRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/licenses', { schema: { querystring: licenceListQuerySchema, response: { 200: z.array(licenceSchema) } } }, async (request) =>
    listAdminLicences(ctx.db, request.query.plugin_slug),
  );

  app.post('/api/admin/licenses', { schema: { body: licenceCreateSchema, response: { 201: licenceDetailSchema } } }, async (request, reply) =>
    reply.code(201).send(await createAdminLicence(ctx.db, request.body)),
  );

  app.get('/api/admin/licenses/:id', { schema: { params: idParamsSchema, response: { 200: licenceDetailSchema } } }, async (request) =>
    getAdminLicence(ctx.db, request.params.id),
  );

  app.patch('/api/admin/licenses/:id', { schema: { params: idParamsSchema, body: licenceUpdateSchema, response: { 200: licenceDetailSchema } } }, async (request) =>
    updateAdminLicence(ctx.db, request.params.id, request.body),
  );

  // Revoke: the record is kept with status revoked and its sites are released.
  app.delete('/api/admin/licenses/:id', { schema: { params: idParamsSchema, response: { 200: licenceDetailSchema } } }, async (request) => {
    await revokeLicence(ctx.db, request.params.id);
    return getAdminLicence(ctx.db, request.params.id);
  });

  app.delete(
    '/api/admin/licenses/:id/activations/:activationId',
    { schema: { params: activationParamsSchema, response: { 200: licenceDetailSchema } } },
    async (request) => deactivateAdminSite(ctx.db, request.params.id, request.params.activationId),
  );

  registerMachineRoutes(app, ctx);
}
