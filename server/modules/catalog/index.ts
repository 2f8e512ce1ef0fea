// The catalog module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { registerCatalogRoutes } from './catalog.routes.js';
export { loadPluginDetails, loadPublicCatalog } from './catalog.service.js';
