// Whole-table reads and writes for this server's own export and its re-import into an empty shop
// (server/modules/importers/shop-export.ts, docs/migrating.md). Each owner module calls these for its own tables
// only (docs/architecture.md, "One owner per table"); rows keep their ids, so references between tables hold.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from './schema.js';
import { isPostgres } from './portable.js';
import type { Db } from './database.js';

export type TableRow<T extends keyof DB> = Selectable<DB[T]>;

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound values for tables of up to 40 columns. */
const CHUNK = 200;

/** Every row of `table`, in the order of `orderBy` (its id). */
export async function readAllRows<T extends keyof DB>(db: Db, table: T, orderBy: string): Promise<Array<TableRow<T>>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for every table
  return (await (db as Kysely<any>).selectFrom(table).selectAll().orderBy(orderBy).execute()) as Array<TableRow<T>>;
}

/** Rows per page of a streamed read (readRowPages): a page of licences is about 0.5 MB. */
export const EXPORT_PAGE = 1000;

/**
 * Every row of `table` in pages of `size`, in the order of `key` (a unique, increasing number: its id), each page
 * read after the last key of the one before: an export holds one page at a time, however large the table.
 */
export async function* readRowPages<T extends keyof DB>(db: Db, table: T, key: string, size = EXPORT_PAGE): AsyncGenerator<Array<TableRow<T>>> {
  let after: number | null = null;
  for (;;) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for every table
    let query = (db as Kysely<any>).selectFrom(table).selectAll().orderBy(key).limit(size);
    if (after !== null) query = query.where(key, '>', after);
    const rows = (await query.execute()) as Array<TableRow<T>>;
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = Number((rows[rows.length - 1] as Record<string, unknown>)[key]);
  }
}

/** Inserts rows as they are, ids included; on PostgreSQL the id sequence then continues after the highest id. */
export async function insertRowsAsTheyAre<T extends keyof DB>(trx: Transaction<DB>, table: T, rows: Array<TableRow<T>>, hasId = true): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for every table
    await (trx as Transaction<any>)
      .insertInto(table)
      .values(rows.slice(at, at + CHUNK))
      .execute();
  }
  if (hasId && rows.length > 0 && isPostgres(trx)) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(trx);
  }
}

/** How many rows `table` holds. */
export async function countAllRows(db: Db, table: keyof DB): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for every table
  const row = await (db as Kysely<any>)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
