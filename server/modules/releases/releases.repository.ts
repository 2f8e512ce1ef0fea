import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB, ReleasesTable } from '../../db/schema.js';
import { recordActivity } from '../activities/activities.repository.js';
import type { Release, ReleaseFile } from '../../../common/releases.js';

export type ReleaseRow = Selectable<ReleasesTable>;

export const toRelease = (row: ReleaseRow): Release => ({
  id: row.id,
  plugin_slug: row.plugin_slug,
  version: row.version,
  notes: row.notes,
  zip_path: row.zip_path,
  file_size: row.file_size,
  sha384: row.sha384,
  signature: row.signature,
  created_at: row.created_at,
});

export async function listReleases(db: Database, pluginSlug?: string): Promise<ReleaseRow[]> {
  let query = db.selectFrom('releases').selectAll();
  if (pluginSlug) query = query.where('plugin_slug', '=', pluginSlug);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function listReleaseFiles(db: Database): Promise<ReleaseFile[]> {
  return db.selectFrom('releases').select(['plugin_slug', 'version', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
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

/** The newest release of a plugin by created_at (ties: the later insert). */
export async function findNewestRelease(db: Database | Transaction<DB>, pluginSlug: string): Promise<ReleaseRow | undefined> {
  return db
    .selectFrom('releases')
    .selectAll()
    .where('plugin_slug', '=', pluginSlug)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Inserts a release in one transaction with what follows from it: the plugin's current_version becomes its
 * newest release's version and a `release_uploaded` activity is written.
 */
export async function insertReleaseAndRecord(db: Database, values: Insertable<ReleasesTable>, updatedAt: string): Promise<ReleaseRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('releases').values(values).returningAll().executeTakeFirstOrThrow();
    const newest = await findNewestRelease(trx, row.plugin_slug);
    if (newest) {
      await trx.updateTable('plugins').set({ current_version: newest.version, updated_at: updatedAt }).where('slug', '=', row.plugin_slug).execute();
    }
    await recordActivity(trx, 'release_uploaded', { version: row.version, plugin_slug: row.plugin_slug }, row.created_at);
    return row;
  });
}

/** A unique-constraint violation on either dialect (the plugin+version pair raced another upload). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || (typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}

/** The fields of a licence a download re-checks (status, expiry, plugin); read here by id from the token. */
export async function findLicenceForDownload(db: Database, id: number) {
  return db.selectFrom('licenses').select(['id', 'plugin_slug', 'status', 'expires_at']).where('id', '=', id).executeTakeFirst();
}
