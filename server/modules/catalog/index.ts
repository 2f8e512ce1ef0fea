// The catalog module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { loadPluginDetails, loadPublicCatalog } from './catalog.service.js';

import type { AppModule } from '../../kernel/module.js';
import { registerCatalogRoutes } from './catalog.routes.js';

/** What the composition root installs (server/services.ts). */
export const catalogModule: AppModule = { name: 'catalog', routes: registerCatalogRoutes };
