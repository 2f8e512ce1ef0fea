import type { Database } from '../../db/database.js';
import { qualifyingRelease } from '../../../common/versions.js';

/** Whether the plugin has a release the catalogue counts (at or above the minimum version, not withdrawn). */
export async function hasQualifyingRelease(db: Database, pluginSlug: string): Promise<boolean> {
  const releases = await db
    .selectFrom('releases')
    .select(['plugin_slug', 'version', 'created_at', 'withdrawn_at'])
    .where('plugin_slug', '=', pluginSlug)
    .execute();
  return qualifyingRelease(releases, pluginSlug) !== null;
}
