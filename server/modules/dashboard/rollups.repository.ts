// Reads of the dashboard's roll-ups (0076-dashboard-rollups; docs/dashboard.md, "Roll-ups"): sums per UTC day and
// per site version, kept by triggers in the same transaction as the rows they count. A sum that went back to zero
// keeps its row (n = 0); the reads leave those out, so they answer exactly what counting the rows would.
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

// PostgreSQL answers sum(…) and bigint as text through node-postgres.
type Count = number | string;

/** Paid and refunded orders by day of payment, currency, kind and status, for days in [from, to]. */
export async function rolledUpOrders(db: Database, from: string, to: string) {
  return db
    .selectFrom('dashboard_daily_orders')
    .select(['day', 'currency', 'status', 'kind', 'n', 'amount'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('n', '<>', 0)
    .execute();
}

/** Licences created per day in [from, to]. */
export async function rolledUpLicences(db: Database, from: string, to: string) {
  return db.selectFrom('dashboard_daily_licences').select(['day', 'n']).where('day', '>=', from).where('day', '<=', to).execute();
}

/** Activations started minus ended per day up to `to` (every earlier day: the starting level). */
export async function rolledUpSiteEvents(db: Database, to: string) {
  return db.selectFrom('dashboard_daily_sites').select(['day', 'delta', 'counted']).where('day', '<=', to).execute();
}

/** Current activations per plugin (with its name) and installed version; null: never reported. */
export async function rolledUpPluginVersions(db: Database) {
  return sql<{ plugin_slug: string; plugin_name: string | null; version: string | null; n: Count }>`
    select s.plugin_slug, p.name as plugin_name, nullif(s.version, '') as version, sum(s.n) as n
    from dashboard_site_versions s left join plugins p on p.slug = s.plugin_slug
    where s.field = 'plugin'
    group by s.plugin_slug, p.name, s.version
    having sum(s.n) <> 0`
    .execute(db)
    .then((result) => result.rows);
}

/** Current activations per reported WordPress or PHP version; null: never reported. */
export async function rolledUpVersions(db: Database, field: 'wp' | 'php') {
  return sql<{ version: string | null; n: Count }>`
    select nullif(version, '') as version, sum(n) as n from dashboard_site_versions
    where field = ${field} group by version having sum(n) <> 0`
    .execute(db)
    .then((result) => result.rows);
}

/** Sites that use a seat (local ones left out), over every plugin. */
export async function countCountedSites(db: Database): Promise<number> {
  const row = await db
    .selectFrom('dashboard_site_versions')
    .select((eb) => eb.fn.sum<Count>('n').as('n'))
    .where('field', '=', 'wp')
    .where('is_local', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Active licences whose expiry day comes after `day` (never expiring: 9999-12-31). */
export async function countActiveExpiringAfterDay(db: Database, day: string): Promise<number> {
  const row = await db
    .selectFrom('dashboard_licence_expiries')
    .select((eb) => eb.fn.sum<Count>('n').as('n'))
    .where('day', '>', day)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
