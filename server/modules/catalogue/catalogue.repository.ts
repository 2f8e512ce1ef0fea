import type { Database } from '../../db/database.js';
import type { PluginRow } from '../plugins/plugins.repository.js';
import type { ReleaseLike } from '../../../common/versions.js';

/** Plugins a visitor may see: the active ones, by name (retiring a plugin clears `active`: docs/plugins.md). */
export async function listActivePlugins(db: Database): Promise<PluginRow[]> {
  return db.selectFrom('plugins').selectAll().where('active', '=', 1).orderBy('name').execute();
}

/** The release versions of the given plugins still offered (only what the qualification rule reads). */
export async function listReleaseVersions(db: Database, pluginSlugs: string[]): Promise<ReleaseLike[]> {
  if (pluginSlugs.length === 0) return [];
  return db
    .selectFrom('releases')
    .select(['plugin_slug', 'version', 'created_at'])
    .where('plugin_slug', 'in', pluginSlugs)
    .where('withdrawn_at', 'is', null)
    .execute();
}
