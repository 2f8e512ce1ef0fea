import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// Keyset pages of the Orders list (issue 44, docs/big-shop.md): the page after a cursor is `(created_at, id) < (…)`
// newest first, read off an index of (created_at, id). SQLite's `orders_created_at` (0006) is that already (an index
// ends with the rowid, which is the id); PostgreSQL's holds the time alone, so ties would be sorted apart. The other
// lists' sorts have theirs: Customers (0021: each column with the id), Outbox (its id; 0065's (kind, id)).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`create index orders_created_at_id on orders (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_created_at_id`.execute(db);
}
