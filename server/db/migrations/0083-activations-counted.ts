import { sql, type Kysely } from 'kysely';

// The licence check at a million licences (issue 44; docs/big-shop.md, "The licence check at the size"): validation's
// one lookup (`validationLookup`, server/modules/licenses/licenses.repository.ts) counts the licence's activations
// that are not local sites. The unique index on (license_id, site_url) finds them, but `is_local` is in the row, so
// each counted activation cost a read of the table as well: at 1,000,000 licences (3,000,000 activations) the count
// was the dearest part of the lookup (16 of 39 µs; bench/README.md). This index holds exactly the counted ones, so
// the count is read off it alone. `analyze` tells SQLite's planner about it (a shop analysed before would otherwise
// keep the old index, whose statistics it knows).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index license_activations_counted on license_activations (license_id) where is_local = 0`.execute(db);
  await sql`analyze license_activations`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists license_activations_counted`.execute(db);
}
