import { publicPluginDetailsSchema, publicPluginListSchema } from '../../../common/catalog.js';
import { pluginSlugParamsSchema } from '../../../common/plugin-admin.js';
import type { App, AppContext } from '../../kernel/context.js';
import { loadPluginDetails, loadPublicCatalog } from './catalog.service.js';

/** The public catalogue (docs/product-spec.md section 7): both paths answer the same list of active plugins. */
export function registerCatalogRoutes(app: App, ctx: AppContext): void {
  const schema = { response: { 200: publicPluginListSchema } };
  const handler = () => loadPublicCatalog(ctx);
  app.get('/api/plugins/public', { schema }, handler);
  app.get('/api/plugins', { schema }, handler);
  // A plugin page's FAQ and changelog (docs/storefront.md): the page's HTML carries them too (web-pages).
  app.get('/api/plugins/:slug/details', { schema: { params: pluginSlugParamsSchema, response: { 200: publicPluginDetailsSchema } } }, (request) =>
    loadPluginDetails(ctx, request.params.slug),
  );
}
