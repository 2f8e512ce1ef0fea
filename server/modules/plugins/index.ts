// The plugins module's door: plugin rows. It owns the `plugins` table and every query on it; the admin's
// management of plugins (create, edit, retire, sale status) is the plugin-admin module. Every other file in
// this folder is private to the module (eslint.config.js; docs/architecture.md).
export { type EddItemPlugin, type EddItemReader, openEddItemReader } from './edd-item-reader.js';
export {
  countPluginDownload,
  deletePluginRow,
  findPluginByEddItemId,
  listEddItemPlugins,
  findPluginByLemonSqueezyProduct,
  findPluginBySlug,
  insertPlugin,
  listActivePlugins,
  listCurrentVersions,
  listPlugins,
  lockPlugin,
  parseFaq,
  type PluginRow,
  toAdminPlugin,
  updatePluginBySlug,
} from './plugins.repository.js';
export { countPluginRows, deleteAllPluginRows, exportPluginRows, type PluginExportRow, restorePluginRows } from './plugin-export.js';
