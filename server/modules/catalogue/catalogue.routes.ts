import { publicPluginListSchema } from '../../../common/catalogue.js';
import type { App, AppContext } from '../../context.js';
import { listActivePlugins, listReleaseVersions } from './catalogue.repository.js';
import { toPublicCatalogue } from './catalogue.service.js';

/** The public catalogue (spec section 7): both paths answer the same list of active plugins. */
export function registerCatalogueRoutes(app: App, ctx: AppContext): void {
  const schema = { response: { 200: publicPluginListSchema } };
  const handler = async () => {
    const plugins = await listActivePlugins(ctx.db);
    const releases = await listReleaseVersions(ctx.db, plugins.map((plugin) => plugin.slug));
    // Read per request from the settings cache, so a new minimum applies without a restart.
    return toPublicCatalogue(plugins, releases, ctx.settings.get('min_release_version'));
  };
  app.get('/api/plugins/public', { schema }, handler);
  app.get('/api/plugins', { schema }, handler);
}
