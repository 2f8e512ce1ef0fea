import { publicPluginListSchema, type PublicPlugin } from '../../../common/catalog.js';
import type { App, AppContext } from '../../context.js';
import { listPrimaryImages } from '../images/images.service.js';
import { toPluginImage } from '../images/images.service.js';
import { listActivePlugins } from '../plugins/plugin-records.service.js';
import { listReleaseVersions } from '../releases/releases.service.js';
import { publicPricesBySlug } from '../prices/prices.service.js';
import { toPublicCatalog } from './catalog.service.js';

/** The active plugins as the storefront shows them; the storefront's HTML carries the same list (server/http/page-meta.ts). */
export async function loadPublicCatalog(ctx: AppContext): Promise<PublicPlugin[]> {
  const plugins = await listActivePlugins(ctx.db);
  const slugs = plugins.map((plugin) => plugin.slug);
  const [releases, images, prices] = await Promise.all([
    listReleaseVersions(ctx.db, slugs),
    listPrimaryImages(ctx.db, slugs),
    publicPricesBySlug(ctx.db, slugs),
  ]);
  // Read per request from the settings cache, so a new minimum applies without a restart.
  return toPublicCatalog(plugins, releases, ctx.settings.get('min_release_version'), images.map(toPluginImage), prices);
}

/** The public catalogue (docs/product-spec.md section 7): both paths answer the same list of active plugins. */
export function registerCatalogRoutes(app: App, ctx: AppContext): void {
  const schema = { response: { 200: publicPluginListSchema } };
  const handler = () => loadPublicCatalog(ctx);
  app.get('/api/plugins/public', { schema }, handler);
  app.get('/api/plugins', { schema }, handler);
}
