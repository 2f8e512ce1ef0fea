import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';
import { trigramOps } from './0064-substring-search.js';

// Substring search for the Customers, Orders and Outbox lists at a million licences (docs/big-shop.md), as 0064 did
// for the Licences list: a customer's search text (address, name, licence keys), an order's e-mail and an e-mail's
// recipient, each through a trigram index (SQLite: a contentless FTS5 trigram table kept by triggers, the row's id as
// its rowid; PostgreSQL: a pg_trgm GIN index on the expression the list compares). And (kind, id) for the Outbox's
// kind filter and its list of kinds.
const SEARCHED = [
  { table: 'customers', fts: 'customer_search', column: 'search_text', expression: 'search_text' },
  { table: 'orders', fts: 'order_search', column: 'email', expression: 'lower(email)' },
  { table: 'emails', fts: 'email_search', column: 'to_address', expression: 'lower(to_address)' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ops = isPostgres(db) ? await trigramOps(db) : undefined;
  for (const { table, fts, column, expression } of SEARCHED) {
    if (ops) {
      await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (${sql.raw(expression)} ${ops})`.execute(db);
      continue;
    }
    const [t, f, c] = [sql.table(table), sql.table(fts), sql.ref(column)];
    await sql`create virtual table ${f} using fts5(${c}, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
    await sql`insert into ${f} (rowid, ${c}) select id, ${c} from ${t}`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_insert`)} after insert on ${t} begin insert into ${f} (rowid, ${c}) values (new.id, new.${c}); end`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_update`)} after update of ${c} on ${t} begin
      delete from ${f} where rowid = old.id; insert into ${f} (rowid, ${c}) values (new.id, new.${c}); end`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_delete`)} after delete on ${t} begin delete from ${f} where rowid = old.id; end`.execute(db);
  }
  await sql`create index emails_kind_id on emails (kind, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists emails_kind_id`.execute(db);
  for (const { table, fts, column } of SEARCHED) {
    if (isPostgres(db)) {
      await sql`drop index if exists ${sql.id(`${table}_${column}_trgm`)}`.execute(db);
      continue;
    }
    for (const suffix of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`${fts}_${suffix}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(fts)}`.execute(db);
  }
}
