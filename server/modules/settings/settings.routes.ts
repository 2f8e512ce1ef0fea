import { apiTokenResponseSchema, settingsResponseSchema, settingsUpdateSchema } from '../../../common/settings.js';
import type { App, AppContext } from '../../kernel/context.js';
import { domainEvent } from '../../kernel/events.js';

declare module '../../kernel/events.js' {
  interface AppEvents {
    /** The admin stored the Settings (`keys`: the ones sent); after commit only, it is recorded nowhere. */
    'settings.updated': { keys: string[] };
  }
}

export function registerSettingsRoutes(app: App, ctx: AppContext): void {
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
      await ctx.events.committed([domainEvent('settings.updated', { keys: Object.keys(request.body) })]);
      return ctx.settings.toResponse(ctx.signing.publicKeyBase64);
    },
  );

  app.post('/api/admin/settings/api-token', { config: { permission: 'team:manage' }, schema: { response: { 200: apiTokenResponseSchema } } }, async () =>
    ctx.auth.rotateApiToken(),
  );
}
