import { publicPluginListSchema } from '../../../common/catalog.js';
import type { App, AppContext } from '../../kernel/context.js';
import { loadPublicCatalog } from './catalog.service.js';

/** The public catalogue (docs/product-spec.md section 7): both paths answer the same list of active plugins. */
export function registerCatalogRoutes(app: App, ctx: AppContext): void {
  const schema = { response: { 200: publicPluginListSchema } };
  const handler = () => loadPublicCatalog(ctx);
  app.get('/api/plugins/public', { schema }, handler);
  app.get('/api/plugins', { schema }, handler);
}
