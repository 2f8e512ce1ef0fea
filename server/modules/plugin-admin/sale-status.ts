import type { Database } from '../../db/database.js';
import type { PluginSaleStatusList } from '../../../common/plugin-admin.js';
import type { AdminPlugin } from '../../../common/plugins.js';
import { saleStatus, type SaleStatus } from '../../../common/sale-status.js';
import { listPlugins, toAdminPlugin } from '../plugins/index.js';
import { listReleaseStates } from '../releases/index.js';

// The admin's "why is this not on sale": the same rule the storefront and checkout apply (common/sale-status.ts),
// with the `min_release_version` setting the caller read for this request.

export async function pluginSaleStatus(db: Database, plugin: AdminPlugin, minimumVersion: string): Promise<SaleStatus> {
  return saleStatus(plugin, await listReleaseStates(db, plugin.slug), minimumVersion);
}

/** Every plugin's sale status in two queries (plugins, releases), whatever the number of plugins. */
export async function listSaleStatuses(db: Database, minimumVersion: string): Promise<PluginSaleStatusList> {
  const [rows, releases] = await Promise.all([listPlugins(db), listReleaseStates(db)]);
  return rows.map((row) => ({ slug: row.slug, sale_status: saleStatus(toAdminPlugin(row), releases, minimumVersion) }));
}
