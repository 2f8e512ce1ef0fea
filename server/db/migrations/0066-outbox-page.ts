import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// The Outbox's deep pages at two million e-mails (docs/big-shop.md): a page's ids are chosen by walking the ids up to
// its offset. SQLite walks its table's own b-tree for that, whose leaves hold whole messages (bodies included); an
// index of the id alone is the same walk over a few bytes a row. PostgreSQL walks its primary key's index already.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`create index emails_id on emails (id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists emails_id`.execute(db);
}
