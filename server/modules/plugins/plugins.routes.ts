import { z } from 'zod';
import { adminPluginSchema } from '../../../common/plugins.js';
import type { App, AppContext } from '../../context.js';
import { listPlugins, toAdminPlugin } from './plugins.repository.js';

export function registerPluginRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/plugins', { schema: { response: { 200: z.array(adminPluginSchema) } } }, async () =>
    (await listPlugins(ctx.db)).map(toAdminPlugin),
  );
}
