// One read statement on a hot path, outside Kysely (as server/modules/licenses/validation-reader.ts): on a
// file-backed SQLite database a statement prepared once on the shared read-only connection, run in the current
// turn's read batch (server/db/sqlite-read-batch.ts); on PostgreSQL a named prepared statement on the pool.
// Null for in-memory SQLite (tests), where the caller uses Kysely. The owner of the table writes the SQL.
import type { Config } from '../config.js';
import { postgresPoolOf, type Database } from './database.js';
import { openSharedSqliteReads } from './sqlite-read-batch.js';

export interface BatchedRead<R> {
  /** The first row for the parameter, or undefined. */
  read: (parameter: string) => Promise<R | undefined>;
  close: () => void;
}

/** `sqliteText` has one `?`, `postgresText` one `$1`: the same query for each dialect. */
export function openBatchedRead<R>(
  ctx: { config: Pick<Config, 'database'>; db: Database },
  name: string,
  text: { sqlite: string; postgres: string },
): BatchedRead<R> | null {
  const pool = postgresPoolOf(ctx.db);
  if (pool) {
    return {
      read: async (parameter) => (await pool.query<R & object>({ name, text: text.postgres, values: [parameter] })).rows[0],
      close: () => undefined,
    };
  }
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const { connection, batch, release } = openSharedSqliteReads(ctx.db, target.file);
  const statement = connection.prepare<[string], R>(text.sqlite);
  return { read: (parameter) => batch(() => statement.get(parameter)), close: release };
}
