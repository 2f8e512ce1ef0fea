import { apiTokenResponseSchema, settingsResponseSchema, settingsUpdateSchema } from '../../../common/settings.js';
import type { App, AppContext } from '../../context.js';

export function registerSettingsRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/settings', { schema: { response: { 200: settingsResponseSchema } } }, async () => ctx.settings.toResponse());

  app.put('/api/admin/settings', {
    schema: { body: settingsUpdateSchema, response: { 200: settingsResponseSchema } },
  }, async (request) => {
    await ctx.settings.update(request.body);
    return ctx.settings.toResponse();
  });

  app.post('/api/admin/settings/api-token', { schema: { response: { 200: apiTokenResponseSchema } } }, async () =>
    ctx.auth.rotateApiToken(),
  );
}
