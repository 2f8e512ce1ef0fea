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
async function updateCurrentVersion(trx: Transaction<DB>, pluginSlug: string, updatedAt: string): Promise<void> {
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

export type ReleaseRolloutChange = Partial<Pick<ReleaseRow, 'channel' | 'rollout_percent' | 'rollout_paused_at' | 'rollout_pause_reason'>>;

/**
 * Changes a release's channel or rollout (docs/releases.md, "Channels and staged rollouts") with the activity
 * entry, and moves current_version with it (a release moved to beta is no longer the latest). Undefined when no
 * such release.
 */
export async function updateReleaseRollout(
  db: Db,
  id: number,
  changes: ReleaseRolloutChange,
  at: string,
  activity: Record<string, unknown>,
): Promise<ReleaseRow | undefined> {
  const run = async (trx: Transaction<DB>) => {
    const row = await trx.updateTable('releases').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return row;
    if (changes.channel !== undefined) await updateCurrentVersion(trx, row.plugin_slug, at);
    await recordActivity(trx, 'release_rollout_changed', { version: row.version, plugin_slug: row.plugin_slug, ...activity }, at);
    return row;
  };
  return db.isTransaction ? run(db as Transaction<DB>) : db.transaction().execute(run);
}

/** A rollout step due now and not yet applied (release_rollout_steps). */
export async function listDueRolloutSteps(db: Db, at: string): Promise<Array<{ id: number; release_id: number; percent: number }>> {
  return db
    .selectFrom('release_rollout_steps')
    .select(['id', 'release_id', 'percent'])
    .where('applied_at', 'is', null)
    .where('due_at', '<=', at)
    .orderBy('due_at')
    .orderBy('id')
    .limit(100)
    .execute();
}

/**
 * Applies one step if this caller is the first to claim it: the conditional UPDATE on applied_at lets one
 * instance win (PostgreSQL re-checks the WHERE after a concurrent writer commits; SQLite writes one at a time),
 * and the release's share only ever rises by a step. Answers the release when this call applied it.
 */
export async function applyRolloutStep(db: Database, step: { id: number; release_id: number; percent: number }, at: string): Promise<ReleaseRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('release_rollout_steps')
      .set({ applied_at: at })
      .where('id', '=', step.id)
      .where('applied_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    const row = await trx
      .updateTable('releases')
      .set({ rollout_percent: step.percent })
      .where('id', '=', step.release_id)
      .where('rollout_percent', '<', step.percent)
      .returningAll()
      .executeTakeFirst();
    if (row)
      await recordActivity(
        trx,
        'release_rollout_changed',
        { version: row.version, plugin_slug: row.plugin_slug, rollout_percent: step.percent, by: 'schedule' },
        at,
      );
    return row;
  });
}

export async function listRolloutSteps(db: Db, releaseId: number): Promise<Array<Selectable<DB['release_rollout_steps']>>> {
  return db.selectFrom('release_rollout_steps').selectAll().where('release_id', '=', releaseId).orderBy('due_at').orderBy('id').execute();
}

/** Replaces the steps still to come of a release's schedule (applied ones stay, as its history). */
export async function replaceRolloutSteps(db: Database, releaseId: number, steps: Array<{ percent: number; due_at: string }>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('release_rollout_steps').where('release_id', '=', releaseId).where('applied_at', 'is', null).execute();
    if (steps.length > 0)
      await trx
        .insertInto('release_rollout_steps')
        .values(steps.map((step) => ({ release_id: releaseId, ...step, applied_at: null })))
        .execute();
  });
}

/**
 * Pauses a rollout unless it is paused already: the condition is in the statement, so of several instances
 * halting one release at once exactly one gets the row back (and sends the e-mail and the webhook).
 */
export async function haltRollout(trx: Transaction<DB>, id: number, at: string, reason: string): Promise<ReleaseRow | undefined> {
  return trx
    .updateTable('releases')
    .set({ rollout_paused_at: at, rollout_pause_reason: reason })
    .where('id', '=', id)
    .where('rollout_paused_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
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
