// What other modules use of the plugins table: finding, listing, locking and updating plugin rows, for use inside
// their own transactions. Apart from plugins.service.ts, which depends on licences, releases and images, so that
// those modules can use these without an import cycle. Other modules import this module only through its service
// files (docs/contributing.md).
export {
  findPluginByEddItemId,
  findPluginByEddItemName,
  findPluginByLemonSqueezyProduct,
  listPlugins,
  findPluginBySlug,
  listActivePlugins,
  listCurrentVersions,
  lockPlugin,
  type PluginRow,
  toAdminPlugin,
  updatePluginBySlug,
} from './plugins.repository.js';
export { openEddItemReader, type EddItemPlugin, type EddItemReader } from './edd-item-reader.js';
