import type { Insertable } from 'kysely';
import type { ReleasesTable } from '../../db/schema.js';
import { unitOfWork, type UnitOrContext } from '../../kernel/events.js';
import { recordActivity } from '../activities/index.js';
import { releaseEventData } from './event-data.js';
import { insertRelease, type ReleaseRow } from './releases.repository.js';

/**
 * Publishes a checked, signed and stored release: in one unit of work the row (and its readme changelog), the
 * plugin's current version, the `release_uploaded` activity entry and the `release.published` event, which
 * reaches the vendor's webhooks once the unit has committed. The upload's checks are upload-release.ts.
 */
export async function publishRelease(
  ctx: Exclude<UnitOrContext, { trx: unknown }>,
  values: Insertable<ReleasesTable>,
  updatedAt: string,
  changelog?: { changelog: string; html: string } | null,
): Promise<ReleaseRow> {
  return unitOfWork(ctx, async ({ trx, emit }) => {
    const row = await insertRelease(trx, values, updatedAt, changelog);
    await recordActivity(trx, 'release_uploaded', { version: row.version, plugin_slug: row.plugin_slug }, row.created_at);
    await emit('release.published', releaseEventData(row), row.created_at);
    return row;
  });
}
