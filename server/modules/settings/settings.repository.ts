import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Database } from '../../db/database.js';
import { isPostgres } from '../../db/portable.js';
import { nowIso } from '../../lib/time.js';
import { DEFAULT_MIN_RELEASE_VERSION } from '../../../common/versions.js';

export async function readAllSettings(db: Database): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

/**
 * The PostgreSQL channel every settings write notifies (server/modules/settings/settings-sync.ts); the payload
 * is the writer's schema, so instances on other schemas of the same database (tests) ignore it.
 */
export const SETTINGS_CHANNEL = 'settings_changed';

/**
 * Writes `entries` in one transaction: its own, or the caller's when `db` is one (a unit of work that changes settings
 * with other rows, e.g. "Remove demo content"); the caller then reloads the cache after its commit.
 */
export async function writeSettings(db: Database, entries: Record<string, unknown>): Promise<void> {
  const updatedAt = nowIso();
  const inTransaction = (work: (trx: Database) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await inTransaction(async (trx) => {
    for (const [key, value] of Object.entries(entries)) {
      const json = JSON.stringify(value ?? null);
      await trx
        .insertInto('settings')
        .values({ key, value: json, updated_at: updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: updatedAt }))
        .execute();
    }
    // Delivered at commit, and only if the write commits: listeners never reload before the change is visible.
    if (isPostgres(db)) await sql`select pg_notify(${SETTINGS_CHANNEL}, current_schema())`.execute(trx);
  });
}

/**
 * Replaces a stored value only while it is still `expected`, in the caller's transaction: one UPDATE whose condition
 * PostgreSQL checks again after waiting for a concurrent writer's row lock, so of two racing swaps from the same
 * value exactly one wins (the owner's password hash in an ownership transfer). Answers whether this one did.
 */
export async function swapSetting(trx: Transaction<DB>, key: string, expected: unknown, next: unknown): Promise<boolean> {
  const result = await trx
    .updateTable('settings')
    .set({ value: JSON.stringify(next ?? null), updated_at: nowIso() })
    .where('key', '=', key)
    .where('value', '=', JSON.stringify(expected ?? null))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  if (isPostgres(trx)) await sql`select pg_notify(${SETTINGS_CHANNEL}, current_schema())`.execute(trx);
  return true;
}

/**
 * Stores a value only where the key has none yet and answers the stored one: instances starting together
 * all end up with whichever value was written first.
 */
export async function insertSettingIfAbsent(db: Database, key: string, value: unknown): Promise<unknown> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return readSetting(db, key);
}

/** One stored value read now, past any cache: for what another process may have changed (the admin password). */
export async function readSetting(db: Database | Transaction<DB>, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : undefined;
}

/**
 * The `min_release_version` setting as stored now, for code that holds only a database handle (checkout's
 * qualifying-release check): one primary-key read, never staler than the settings cache.
 */
export async function readMinReleaseVersion(db: Database): Promise<string> {
  const stored = await readSetting(db, 'min_release_version');
  return typeof stored === 'string' ? stored : DEFAULT_MIN_RELEASE_VERSION;
}
