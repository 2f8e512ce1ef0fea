import { apiTokenResponseSchema, settingsResponseSchema, settingsUpdateSchema } from '../../../common/settings.js';
import type { App, AppContext } from '../../kernel/context.js';
import { nowIso } from '../../lib/time.js';
import { startSettingsSync } from './settings-sync.js';

export function registerSettingsRoutes(app: App, ctx: AppContext): void {
  // Changes made by other instances, workers and the CLI reach this process's cache within a second.
  const stopSync = startSettingsSync(ctx);
  app.addHook('onClose', stopSync);

  app.get('/api/admin/settings', { config: { permission: 'settings:read' }, schema: { response: { 200: settingsResponseSchema } } }, async () =>
    ctx.settings.toResponse(ctx.signing.publicKeyBase64),
  );

  app.put(
    '/api/admin/settings',
    {
      config: { permission: 'settings:write' },
      schema: { body: settingsUpdateSchema, response: { 200: settingsResponseSchema } },
    },
    async (request) => {
      await ctx.settings.update(request.body);
      // Subscribers react once the change is stored (e.g. held e-mails leave once there is a shop address).
      await ctx.events.committed([{ type: 'settings.updated', data: { keys: Object.keys(request.body) }, at: nowIso() }]);
      return ctx.settings.toResponse(ctx.signing.publicKeyBase64);
    },
  );

  app.post('/api/admin/settings/api-token', { config: { permission: 'team:manage' }, schema: { response: { 200: apiTokenResponseSchema } } }, async () =>
    ctx.auth.rotateApiToken(),
  );
}
