import { sql, type Insertable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/portable.js';
import type { Db } from '../../db/database.js';

// Every query on `release_health_reports` lives here (docs/architecture.md, "One owner per table").
export interface NewHealthReport {
  release_id: number;
  license_id: number;
  site_url: string;
  succeeded: number;
  running_version: string | null;
  fatal_errors: string;
  created_at: string;
}

/** Stores a report unless the site already reported on this release; answers whether it was stored. */
export async function insertHealthReport(trx: Transaction<DB>, report: NewHealthReport): Promise<boolean> {
  return insertOncePerSite(trx, 'release_health_reports', report);
}

/**
 * Stores `row` in a table with one row per release and site (unique on release_id, site_url) unless the site already
 * has one; answers whether it was stored. A racing insert's unique violation counts as "already there".
 */
async function insertOncePerSite<T extends 'release_health_reports' | 'release_deactivation_reasons'>(
  db: Db,
  table: T,
  row: Insertable<DB[T]>,
): Promise<boolean> {
  const inserted = await db
    // Kysely types one table at a time: both tables have the columns this insert names.
    .insertInto(table as 'release_health_reports')
    .values(row as Insertable<DB['release_health_reports']>)
    .onConflict((oc) => oc.columns(['release_id', 'site_url']).doNothing())
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
  return inserted !== undefined;
}

export async function countHealthReports(db: Db, releaseId: number): Promise<{ total: number; failures: number }> {
  const row = await db
    .selectFrom('release_health_reports')
    .select((eb) => [eb.fn.countAll<string | number>().as('total'), sql<string | number | null>`sum(1 - succeeded)`.as('failures')])
    .where('release_id', '=', releaseId)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), failures: Number(row?.failures ?? 0) };
}

/**
 * What the halt decides on: licences, not sites. Each licence counts once however many of its sites reported;
 * it is failing when any of them reported a failure.
 */
export async function countHealthReportsByLicense(db: Db, releaseId: number): Promise<{ total: number; failures: number }> {
  const row = await db
    .selectFrom('release_health_reports')
    .select([
      sql<string | number>`count(distinct license_id)`.as('total'),
      sql<string | number>`count(distinct case when succeeded = 0 then license_id end)`.as('failures'),
    ])
    .where('release_id', '=', releaseId)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), failures: Number(row?.failures ?? 0) };
}

export async function listRecentFailures(db: Db, releaseId: number, limit = 20) {
  return db
    .selectFrom('release_health_reports')
    .select(['site_url', 'running_version', 'fatal_errors', 'created_at'])
    .where('release_id', '=', releaseId)
    .where('succeeded', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// --- release_deactivation_reasons (migration 0029) ---

export interface NewDeactivationReason {
  release_id: number;
  license_id: number;
  site_url: string;
  reason: string;
  details: string | null;
  created_at: string;
}

/** Stores a deactivation reason unless the site already gave one for this release; answers whether it was stored. */
export async function insertDeactivationReason(db: Db, row: NewDeactivationReason): Promise<boolean> {
  return insertOncePerSite(db, 'release_deactivation_reasons', row);
}

/** Sites per reason, most given first: of one release, or of every release within [start, end). */
export async function countDeactivationReasons(db: Db, where: { releaseId: number } | { start: string; end: string }) {
  let query = db
    .selectFrom('release_deactivation_reasons')
    .select((eb) => ['reason', eb.fn.countAll<string | number>().as('sites')])
    .groupBy('reason');
  query =
    'releaseId' in where ? query.where('release_id', '=', where.releaseId) : query.where('created_at', '>=', where.start).where('created_at', '<', where.end);
  const rows = await query.execute();
  return rows.map((row) => ({ reason: row.reason, sites: Number(row.sites) })).sort((a, b) => b.sites - a.sites || a.reason.localeCompare(b.reason));
}

export async function listDeactivationDetails(db: Db, releaseId: number, limit = 10) {
  const rows = await db
    .selectFrom('release_deactivation_reasons')
    .select(['reason', 'details', 'created_at'])
    .where('release_id', '=', releaseId)
    .where('details', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ reason: row.reason, details: row.details ?? '', created_at: row.created_at }));
}

/** Per release with update reports within [start, end): sites updated and failures, the latest report first. */
export async function healthByRelease(db: Db, start: string, end: string) {
  const rows = await db
    .selectFrom('release_health_reports')
    .select((eb) => [
      'release_id',
      eb.fn.countAll<string | number>().as('total'),
      sql<string | number | null>`sum(1 - succeeded)`.as('failures'),
      eb.fn.max('created_at').as('latest'),
    ])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('release_id')
    .execute();
  return rows
    .map((row) => ({ releaseId: row.release_id, total: Number(row.total), failures: Number(row.failures ?? 0), latest: String(row.latest) }))
    .sort((a, b) => b.latest.localeCompare(a.latest) || b.releaseId - a.releaseId);
}

/**
 * Retention (docs/big-shop.md): removes at most `limit` site reports (update reports, then deactivation answers) made
 * before `before`, oldest first; answers how many. The dashboard reads 90 days of them: the setting keeps at least 91.
 */
export async function pruneSiteReports(db: Db, before: string, limit: number): Promise<number> {
  let removed = 0;
  for (const table of ['release_health_reports', 'release_deactivation_reasons'] as const) {
    const oldest = db
      .selectFrom(table)
      .select('id')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit - removed);
    removed += Number((await db.deleteFrom(table).where('id', 'in', oldest).executeTakeFirst()).numDeletedRows);
    if (removed >= limit) break;
  }
  return removed;
}
