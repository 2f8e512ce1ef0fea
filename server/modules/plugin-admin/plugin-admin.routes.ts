import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminPluginSchema } from '../../../common/plugins.js';
import {
  adminPluginDetailWithSaleSchema,
  pluginCreateSchema,
  pluginPatchSchema,
  pluginSaleStatusListSchema,
  pluginSlugParamsSchema,
} from '../../../common/plugin-admin.js';
import type { App, AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { listPlugins, toAdminPlugin } from '../plugins/index.js';
import { createPlugin, getPluginDetail, updatePlugin } from './plugin-admin.service.js';
import { listSaleStatuses } from './sale-status.js';
import { demoContent, removeDemoContent } from './demo-content.js';
import { demoContentRemovalSchema, demoContentSchema } from '../../../common/plugin-admin.js';

/** "Question 3: " for a problem inside the third FAQ entry, so the admin knows which one; '' elsewhere. */
const faqEntryPrefix = (instancePath: string | undefined): string => {
  const index = /^\/faq\/(\d+)(?:\/|$)/.exec(instancePath ?? '')?.[1];
  return index === undefined ? '' : `Question ${Number(index) + 1}: `;
};

/**
 * The body's own messages are already sentences a person can act on ('LemonSqueezy Product ID must be a
 * numeric string'), so they are answered as they are rather than behind the generic "Invalid body:" prefix.
 */
function refuseInvalidBody(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (hasZodFastifySchemaValidationErrors(error) && request.validationError?.validationContext === 'body') {
    const issues: Array<{ message?: string; instancePath?: string }> = error.validation;
    throw new AppError('BAD_REQUEST', [...new Set(issues.map((issue) => faqEntryPrefix(issue.instancePath) + (issue.message ?? 'is invalid')))].join('; '));
  }
  throw error;
}

/** The admin's plugin routes: the list every admin page reads, create, detail with its sale status, edit and retire. */
export function registerPluginRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/plugins', { config: { permission: 'plugins:read' }, schema: { response: { 200: z.array(adminPluginSchema) } } }, async () =>
    (await listPlugins(ctx.db)).map(toAdminPlugin),
  );

  app.post(
    '/api/admin/plugins',
    {
      config: { permission: 'plugins:write' },
      attachValidation: true,
      schema: { body: pluginCreateSchema, response: { 201: adminPluginSchema } },
    },
    async (request, reply) => {
      refuseInvalidBody(request);
      return reply.code(201).send(await createPlugin(ctx, request.body));
    },
  );

  // Both read the minimum release version per request, so a change in Settings shows at once.
  app.get(
    '/api/admin/plugins/:slug',
    {
      config: { permission: 'plugins:read' },
      schema: { params: pluginSlugParamsSchema, response: { 200: adminPluginDetailWithSaleSchema } },
    },
    async (request) => getPluginDetail(ctx.db, request.params.slug, ctx.settings.get('min_release_version')),
  );

  // "Remove demo content" (issue 25; docs/plugins.md): the seeded demo plugins, removable while none has sold.
  app.get('/api/admin/demo-content', { config: { permission: 'settings:read' }, schema: { response: { 200: demoContentSchema } } }, async () =>
    demoContent(ctx),
  );
  // With `replace_identity`, the demo store identity and pages get neutral starting texts in the same unit (issue 40).
  app.post(
    '/api/admin/demo-content/remove',
    { config: { permission: 'settings:write' }, schema: { body: demoContentRemovalSchema, response: { 200: demoContentSchema } } },
    async (request) => removeDemoContent(ctx, { replaceIdentity: request.body?.replace_identity ?? false }),
  );

  // Beside the plugin list (which every admin page reads) rather than inside it, and
  // outside /api/admin/plugins/ so that no plugin slug can shadow it.
  app.get('/api/admin/plugin-sale-status', { config: { permission: 'plugins:read' }, schema: { response: { 200: pluginSaleStatusListSchema } } }, async () =>
    listSaleStatuses(ctx.db, ctx.settings.get('min_release_version')),
  );

  app.patch(
    '/api/admin/plugins/:slug',
    {
      config: { permission: 'plugins:write' },
      attachValidation: true,
      schema: { params: pluginSlugParamsSchema, body: pluginPatchSchema, response: { 200: adminPluginSchema } },
    },
    async (request) => {
      refuseInvalidBody(request);
      return updatePlugin(ctx, request.params.slug, request.body);
    },
  );
}
