// The `releases` table's staged-rollout SQL and the `release_rollout_steps` schedule (docs/releases.md "Staged
// rollouts"); the use cases are in release-rollout.ts.
import type { Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { recordActivity } from '../activities/index.js';
import type { DB } from '../../db/schema.js';
import { updateCurrentVersion, type ReleaseRow } from './releases.repository.js';

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
