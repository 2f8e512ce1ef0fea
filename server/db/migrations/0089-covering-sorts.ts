import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';
import { LICENSE_SORT_INDEXES } from './0064-substring-search.js';

// PostgreSQL: the Licences list's sorts by key, expiry and e-mail read from their index alone (issue 44,
// docs/big-shop.md "Deep pages"). A page by number skips `offset` entries of its sort's index; an index-only scan
// passes one in about 130 ns, but these three read the table for each: the key's unique index holds no id, and an
// index on an expression serves an index-only scan only when it holds the columns the expression is made of. The
// middle page of 1,000,000 licences (offset 500,000): by key 1,887 → 64 ms, by expiry 242 → 72 ms, by e-mail about
// 280 → 68 ms. Each index is made again with what it lacked (`include`), under the same name; the key's unique
// constraint becomes a unique index that includes the id (an upsert on the key infers either). SQLite reads its
// indexes' rows by rowid and has no `include`: nothing changes there.
const COVERED = { licenses_expiry_sort: 'expires_at', licenses_email_sort: 'customer_email' } as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create unique index licenses_key_covering on licenses (key) include (id)`.execute(db);
  await sql`alter table licenses drop constraint licenses_key_key`.execute(db);
  await sql`alter index licenses_key_covering rename to licenses_key_key`.execute(db);
  for (const [name, column] of Object.entries(COVERED)) await remake(db, name, sql` include (${sql.ref(column)})`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index licenses_key_key`.execute(db);
  await sql`alter table licenses add constraint licenses_key_key unique (key)`.execute(db);
  for (const name of Object.keys(COVERED)) await remake(db, name, sql``);
}

async function remake(db: Kysely<unknown>, name: string, include: ReturnType<typeof sql>): Promise<void> {
  const columns = sql.raw(LICENSE_SORT_INDEXES[name as keyof typeof LICENSE_SORT_INDEXES]);
  await sql`create index ${sql.id(`${name}_new`)} on licenses (${columns})${include}`.execute(db);
  await sql`drop index ${sql.id(name)}`.execute(db);
  await sql`alter index ${sql.id(`${name}_new`)} rename to ${sql.id(name)}`.execute(db);
}
