import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/portable.js';

// Every query on `release_health_reports` lives here (docs/architecture.md, "One owner per table").
type Db = Kysely<DB> | Transaction<DB>;

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
  const row = await trx
    .insertInto('release_health_reports')
    .values(report)
    .onConflict((oc) => oc.columns(['release_id', 'site_url']).doNothing())
    .returning('id')
    .executeTakeFirst()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
  return row !== undefined;
}

export async function countHealthReports(db: Db, releaseId: number): Promise<{ total: number; failures: number }> {
  const row = await db
    .selectFrom('release_health_reports')
    .select((eb) => [eb.fn.countAll<string | number>().as('total'), sql<string | number | null>`sum(1 - succeeded)`.as('failures')])
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
