import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { isPostgres } from '../../db/portable.js';
import type { DB, ReleasesTable } from '../../db/schema.js';
import { recordActivity } from '../activities/index.js';
import { lockPlugin, updatePluginBySlug } from '../plugins/index.js';
import { readMinReleaseVersion } from '../settings/index.js';
import { asChannel } from '../../../common/channels.js';
import type { Release, ReleaseFile } from '../../../common/releases.js';
import { latestRelease, qualifyingRelease, type ReleaseLike } from '../../../common/versions.js';

// Every query on the `releases` table lives here (docs/architecture.md, "One owner per table"): the catalogue,
// checkout and the plugins module read releases through these functions.

export type ReleaseRow = Selectable<ReleasesTable>;
export const toRelease = (row: ReleaseRow, notice: string | null = null): Release => ({
  id: row.id,
  plugin_slug: row.plugin_slug,
  version: row.version,
  notes: row.notes,
  zip_path: row.zip_path,
  file_size: row.file_size,
  sha384: row.sha384,
  signature: row.signature,
  created_at: row.created_at,
  requires_wp: row.requires_wp,
  tested_wp: row.tested_wp,
  requires_php: row.requires_php,
  author: row.author,
  upgrade_notice: row.upgrade_notice,
  withdrawn_at: row.withdrawn_at,
  offered_at: row.offered_at,
  channel: asChannel(row.channel),
  rollout_percent: row.rollout_percent,
  rollout_paused_at: row.rollout_paused_at,
  rollout_pause_reason: row.rollout_pause_reason,
  rollback_at: row.rollback_at,
  notice,
});

export async function listReleases(db: Db, pluginSlug?: string): Promise<ReleaseRow[]> {
  let query = db.selectFrom('releases').selectAll();
  if (pluginSlug) query = query.where('plugin_slug', '=', pluginSlug);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The public file list: releases still offered (withdrawn ones are left out). */
export async function listReleaseFiles(db: Database): Promise<ReleaseFile[]> {
  return db
    .selectFrom('releases')
    .select(['plugin_slug', 'version', 'created_at'])
    .where('withdrawn_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The release versions of the given plugins still offered (only what the qualification rule reads). */
export async function listReleaseVersions(db: Database, pluginSlugs: string[]): Promise<ReleaseLike[]> {
  if (pluginSlugs.length === 0) return [];
  return db
    .selectFrom('releases')
    .select(['plugin_slug', 'version', 'created_at', 'channel'])
    .where('plugin_slug', 'in', pluginSlugs)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** The releases the sale status reads (withdrawn ones included, to name them): one plugin's, or every plugin's. */
export async function listReleaseStates(db: Db, pluginSlug?: string): Promise<ReleaseLike[]> {
  let query = db.selectFrom('releases').select(['plugin_slug', 'version', 'created_at', 'withdrawn_at', 'channel']);
  if (pluginSlug !== undefined) query = query.where('plugin_slug', '=', pluginSlug);
  return query.execute();
}

/**
 * Whether the plugin has a release the catalogue counts: not withdrawn, and at or above the
 * `min_release_version` setting as stored now (so a change in Settings applies to the next payment).
 */
export async function hasQualifyingRelease(db: Database, pluginSlug: string): Promise<boolean> {
  return qualifyingRelease(await listReleaseStates(db, pluginSlug), pluginSlug, await readMinReleaseVersion(db)) !== null;
}

/** How many releases (withdrawn ones too) name the plugin's slug. */
export async function countReleasesOfPlugin(db: Db, pluginSlug: string): Promise<number> {
  const row = await db
    .selectFrom('releases')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('plugin_slug', '=', pluginSlug)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A release's readme changelog: the answer's HTML made at upload; the text only when there is no HTML (stored before 0018). */
export async function findReleaseChangelog(db: Database, releaseId: number): Promise<{ html: string | null; changelog: string | null } | undefined> {
  const row = await db.selectFrom('release_changelogs').select('html').where('release_id', '=', releaseId).executeTakeFirst();
  if (!row || row.html !== null) return row && { html: row.html, changelog: null };
  const text = await db.selectFrom('release_changelogs').select('changelog').where('release_id', '=', releaseId).executeTakeFirst();
  return { html: null, changelog: text?.changelog ?? null };
}

export async function findRelease(db: Database, pluginSlug: string, version: string): Promise<ReleaseRow | undefined> {
  return db.selectFrom('releases').selectAll().where('plugin_slug', '=', pluginSlug).where('version', '=', version).executeTakeFirst();
}

export async function findReleaseById(db: Database, id: number): Promise<ReleaseRow | undefined> {
  return db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findReleaseByZipPath(db: Database, zipPath: string): Promise<ReleaseRow | undefined> {
  return db.selectFrom('releases').selectAll().where('zip_path', '=', zipPath).executeTakeFirst();
}

/** The latest release of a plugin: the highest non-withdrawn version (`latestRelease` in common/versions.ts). */
export async function findLatestRelease(db: Db, pluginSlug: string): Promise<ReleaseRow | undefined> {
  return latestRelease(await listReleases(db, pluginSlug)) ?? undefined;
}

/**
 * `plugins.current_version` follows the latest release (null when none is left). The plugin row is locked
 * first (PostgreSQL) so two uploads or withdrawals of one plugin read each other's committed rows in turn;
 * otherwise the last to commit could write a version computed without the other's release.
 */
export async function updateCurrentVersion(trx: Transaction<DB>, pluginSlug: string, updatedAt: string): Promise<void> {
  await lockPlugin(trx, pluginSlug);
  const latest = await findLatestRelease(trx, pluginSlug);
  await updatePluginBySlug(trx, pluginSlug, { current_version: latest?.version ?? null, updated_at: updatedAt });
}

/**
 * Inserts a release (and its readme changelog) in the caller's transaction, and makes the plugin's
 * current_version its latest release's version (the use case: upload-release.ts).
 */
export async function insertRelease(
  trx: Transaction<DB>,
  values: Insertable<ReleasesTable>,
  updatedAt: string,
  changelog?: { changelog: string; html: string } | null,
): Promise<ReleaseRow> {
  const row = await trx.insertInto('releases').values(values).returningAll().executeTakeFirstOrThrow();
  if (changelog)
    await trx
      .insertInto('release_changelogs')
      .values({ release_id: row.id, ...changelog })
      .execute();
  await updateCurrentVersion(trx, row.plugin_slug, updatedAt);
  return row;
}

/** Withdraws (a time) or restores (null) a release, moves current_version with it and records the activity. */
export async function setReleaseWithdrawn(
  db: Database,
  id: number,
  withdrawnAt: string | null,
  updatedAt: string,
  rollbackAt: string | null = null,
): Promise<ReleaseRow | undefined> {
  return db.transaction().execute(async (trx) => {
    // A restore clears the rollback too: sites on the restored version are no longer sent back.
    const row = await trx
      .updateTable('releases')
      .set({ withdrawn_at: withdrawnAt, rollback_at: withdrawnAt ? rollbackAt : null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) return row;
    await updateCurrentVersion(trx, row.plugin_slug, updatedAt);
    const type = withdrawnAt ? (rollbackAt ? 'release_rolled_back' : 'release_withdrawn') : 'release_restored';
    await recordActivity(trx, type, { version: row.version, plugin_slug: row.plugin_slug }, updatedAt);
    return row;
  });
}

/**
 * Deletes a release that was never offered; answers the deleted row, or undefined when none was deleted
 * (the `offered_at is null` condition is in the statement, so an offer racing the delete wins).
 */
export async function deleteUnofferedRelease(db: Database, id: number, updatedAt: string): Promise<ReleaseRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('releases').where('id', '=', id).where('offered_at', 'is', null).returningAll().executeTakeFirst();
    if (!row) return row;
    await updateCurrentVersion(trx, row.plugin_slug, updatedAt);
    await recordActivity(trx, 'release_deleted', { version: row.version, plugin_slug: row.plugin_slug }, updatedAt);
    return row;
  });
}

/** Records the first time a release was offered to a site (update check answer or download link). */
export async function markReleaseOffered(db: Database, id: number, at: string): Promise<void> {
  await db.updateTable('releases').set({ offered_at: at }).where('id', '=', id).where('offered_at', 'is', null).execute();
}

/** Locks a release row for the transaction (PostgreSQL), so health counts and the halt decision are taken in turn. */
export async function lockRelease(trx: Transaction<DB>, id: number): Promise<ReleaseRow | undefined> {
  const query = trx.selectFrom('releases').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** Plugin slug and version of each release id given (for other modules' summaries of releases). */
export async function listReleaseLabels(db: Database, ids: readonly number[]): Promise<Map<number, { plugin_slug: string; version: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('releases')
    .select(['id', 'plugin_slug', 'version'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { plugin_slug: row.plugin_slug, version: row.version }]));
}

/** The first two releases by id (enough to tell whether one release is the only one). */
export async function listFirstTwoReleases(db: Db): Promise<Array<{ plugin_slug: string; version: string; created_at: string }>> {
  return db.selectFrom('releases').select(['plugin_slug', 'version', 'created_at']).orderBy('id').limit(2).execute();
}

/** Deletes every release of a plugin (their changelogs, rollout steps and health rows cascade); answers their zips' paths. */
export async function deleteReleasesOfPlugin(db: Db, pluginSlug: string): Promise<string[]> {
  const rows = await db.deleteFrom('releases').where('plugin_slug', '=', pluginSlug).returning('zip_path').execute();
  return rows.map((row) => row.zip_path);
}
