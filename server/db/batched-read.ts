// One read statement on a hot path, outside Kysely (as server/modules/licenses/validation-reader.ts): on a
// file-backed SQLite database a statement prepared once on the shared read-only connection, run in the current
// turn's read batch (server/db/sqlite-read-batch.ts); on PostgreSQL the reads asked during one turn of the event
// loop go together as one named statement for all their parameters (one round trip, not one each: under 50
// connections the EDD check's buyer-name reads, one query each, queued for the pool and doubled its p99; bench/README.md,
// issue 44). Null for in-memory SQLite (tests), where the caller uses Kysely. The owner of the table writes the SQL.
import type pg from 'pg';
import type { Config } from '../config.js';
import { postgresPoolOf, type Database } from './database.js';
import { openSharedSqliteReads } from './sqlite-read-batch.js';

export interface BatchedRead<R> {
  /** The first row for the parameter, or undefined. */
  read: (parameter: string) => Promise<R | undefined>;
  close: () => void;
}

/**
 * `sqlite` has one `?` (the parameter); `postgres` takes every parameter of a turn as the text array `$1` and
 * names the parameter each row answers as its column `parameter` (e.g. `select email as parameter, name from
 * customers where email = any($1::text[])`).
 */
export function openBatchedRead<R>(
  ctx: { config: Pick<Config, 'database'>; db: Database },
  name: string,
  text: { sqlite: string; postgres: string },
): BatchedRead<R> | null {
  const pool = postgresPoolOf(ctx.db);
  if (pool) return { read: postgresTurnBatch<R>(pool, name, text.postgres), close: () => undefined };
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const { connection, batch, release } = openSharedSqliteReads(ctx.db, target.file);
  const statement = connection.prepare<[string], R>(text.sqlite);
  return { read: (parameter) => batch(() => statement.get(parameter)), close: release };
}

interface Waiting<R> {
  resolve: (row: R | undefined) => void;
  reject: (error: unknown) => void;
}

/** The reads of one turn, sent together when the loop reaches its check phase; each gets its parameter's row. */
function postgresTurnBatch<R>(pool: pg.Pool, name: string, text: string): (parameter: string) => Promise<R | undefined> {
  let waiting: Map<string, Array<Waiting<R>>> | null = null;
  const send = (batch: Map<string, Array<Waiting<R>>>) => {
    pool.query<R & { parameter: string }>({ name, text, values: [[...batch.keys()]] }).then(
      ({ rows }) => {
        const byParameter = new Map<string, R>();
        for (const row of rows) if (!byParameter.has(row.parameter)) byParameter.set(row.parameter, row);
        for (const [parameter, readers] of batch) for (const reader of readers) reader.resolve(byParameter.get(parameter));
      },
      (error: unknown) => {
        for (const readers of batch.values()) for (const reader of readers) reader.reject(error);
      },
    );
  };
  return (parameter) =>
    new Promise((resolve, reject) => {
      if (!waiting) {
        const batch = (waiting = new Map());
        setImmediate(() => {
          waiting = null;
          send(batch);
        });
      }
      const readers = waiting.get(parameter);
      if (readers) readers.push({ resolve, reject });
      else waiting.set(parameter, [{ resolve, reject }]);
    });
}
