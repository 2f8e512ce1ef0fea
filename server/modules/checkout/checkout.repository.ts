import type { Database } from '../../db/database.js';
import { qualifyingRelease } from '../../../common/versions.js';
import { readMinReleaseVersion } from '../settings/settings.repository.js';

/**
 * Whether the plugin has a release the catalogue counts: not withdrawn, and at or above the
 * `min_release_version` setting as stored now (so a change in Settings applies to the next payment).
 */
export async function hasQualifyingRelease(db: Database, pluginSlug: string): Promise<boolean> {
  const releases = await db
    .selectFrom('releases')
    .select(['plugin_slug', 'version', 'created_at', 'withdrawn_at'])
    .where('plugin_slug', '=', pluginSlug)
    .execute();
  return qualifyingRelease(releases, pluginSlug, await readMinReleaseVersion(db)) !== null;
}
