import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// SQLite: the licence check reads its indexes alone (issue 44, docs/big-shop.md "Fewer B-trees a check"). Validation's
// one statement (`validationLookup`, server/modules/licenses/licenses.repository.ts) walked seven B-trees: the key's
// index and the licence's row, the site's activation index and row, 0083's counted activations, and, for EDD's
// check, the buyer's e-mail index and row (the customers module's `withBuyerName`, since gone). In a 4.4 GB shop each walk misses
// the CPU's caches, so at 1,000,000 licences the statement cost 20.7 µs against 7.5 at 10,000 (EDD's 27.6 against
// 9.3). An index holding every column the statement reads of a table serves it alone: the licence by key, the site's
// activation and the count of counted ones (in the same range of one index, so 0083's is dropped), the buyer's name
// by address. Three walks: 13.1 µs at 1,000,000 (EDD's 16.2), 6.8 at 10,000 (`npx tsx bench/lookup-cost.ts SHOP…`).
// SQLite has no `include`, so each index leads with the columns looked up and carries the rest as further columns;
// the statement is a join, where the planner weighs a covering index above the unique one (a single-table lookup by a
// unique key would take the unique index first). PostgreSQL's check costs the same at every size (bench/README.md,
// "Session 18"), and an index holding `last_checked_at` would turn its daily update into one that writes every index
// of the row: nothing changes there.
const INDEXES = {
  licenses_validation: sql`licenses (key, plugin_slug, plan, status, max_activations, expires_at, order_id, price_id, customer_email)`,
  license_activations_validation: sql`license_activations (license_id, site_url, is_local, last_checked_at, installed_version, wp_version, php_version)`,
  customers_email_name: sql`customers (email, name)`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const [name, on] of Object.entries(INDEXES)) await sql`create index ${sql.id(name)} on ${on}`.execute(db);
  await sql`drop index license_activations_counted`.execute(db);
  // the planner weighs indexes by their statistics; a shop analysed before would otherwise keep the ones it knows
  for (const table of ['licenses', 'license_activations', 'customers']) await sql`analyze ${sql.id(table)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create index license_activations_counted on license_activations (license_id) where is_local = 0`.execute(db);
  for (const name of Object.keys(INDEXES)) await sql`drop index ${sql.id(name)}`.execute(db);
}
