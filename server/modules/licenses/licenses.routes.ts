import { z } from 'zod';
import {
  activationParamsSchema,
  idParamsSchema,
  licenseCreateSchema,
  licenseDetailSchema,
  licenseListPageSchema,
  licenseListQuerySchema,
  licenseSchema,
  licenseUpdateSchema,
} from '../../../common/licenses.js';
import type { App, AppContext } from '../../kernel/context.js';
import { revokeLicense } from './license-access.service.js';
import { createAdminLicense, deactivateAdminSite, getAdminLicense, listAdminLicenses, listAdminLicensesPage, updateAdminLicense } from './licenses.service.js';
import { registerMachineRoutes } from './machine.routes.js';
import { readListCursor } from '../../lib/list-cursor.js';

export function registerLicenseRoutes(app: App, ctx: AppContext): void {
  // With `page`: one page and the total (the Licences page); without it: the plain array of every match, as before.
  app.get(
    '/api/admin/licenses',
    {
      config: { permission: 'licenses:read' },
      schema: { querystring: licenseListQuerySchema, response: { 200: z.union([licenseListPageSchema, z.array(licenseSchema)]) } },
    },
    async (request) => {
      const { page, plugin_slug: pluginSlug, search, sort, direction, after, before } = request.query;
      const filter = { pluginSlug, search, sort, direction, cursor: readListCursor(after, before) };
      return page === undefined ? listAdminLicenses(ctx.db, filter) : listAdminLicensesPage(ctx.db, filter, page);
    },
  );

  app.post(
    '/api/admin/licenses',
    { config: { permission: 'licenses:write' }, schema: { body: licenseCreateSchema, response: { 201: licenseDetailSchema } } },
    async (request, reply) => reply.code(201).send(await createAdminLicense(ctx, request.body)),
  );

  app.get(
    '/api/admin/licenses/:id',
    { config: { permission: 'licenses:read' }, schema: { params: idParamsSchema, response: { 200: licenseDetailSchema } } },
    async (request) => getAdminLicense(ctx.db, request.params.id),
  );

  app.patch(
    '/api/admin/licenses/:id',
    { config: { permission: 'licenses:write' }, schema: { params: idParamsSchema, body: licenseUpdateSchema, response: { 200: licenseDetailSchema } } },
    async (request) => updateAdminLicense(ctx, request.params.id, request.body),
  );

  // Revoke: the record is kept with status revoked and its sites are released.
  app.delete(
    '/api/admin/licenses/:id',
    { config: { permission: 'licenses:write' }, schema: { params: idParamsSchema, response: { 200: licenseDetailSchema } } },
    async (request) => {
      await revokeLicense(ctx, request.params.id);
      return getAdminLicense(ctx.db, request.params.id);
    },
  );

  app.delete(
    '/api/admin/licenses/:id/activations/:activationId',
    { config: { permission: 'licenses:write' }, schema: { params: activationParamsSchema, response: { 200: licenseDetailSchema } } },
    async (request) => deactivateAdminSite(ctx, request.params.id, request.params.activationId),
  );

  registerMachineRoutes(app, ctx);
}
