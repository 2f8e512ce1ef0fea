// A fast path for the busiest public call: validation's one lookup (`validationLookup`) runs as a statement
// prepared once, outside Kysely. On SQLite it reads through its own read-only connection: Kysely's SQLite
// driver funnels every query through one connection's mutex, which measured as much of a validation's cost,
// and WAL mode lets this connection see every committed write at once. On PostgreSQL it runs as a named
// prepared statement on Kysely's own pool, so the server parses and plans it once per connection (measured
// nearly twice the throughput of the same query through Kysely). Nothing is cached, so nothing can be stale;
// writes and locking stay on Kysely.
import SQLite from 'better-sqlite3';
import type { AppContext } from '../../context.js';
import { postgresPoolOf } from '../../db/database.js';
import { toValidationLookup, validationLookup, type ValidationLookup, type ValidationRow } from './licences.repository.js';

export type ValidationReader = (key: string, siteUrl: string | undefined) => ValidationLookup | undefined | Promise<ValidationLookup | undefined>;

/** The reader for PostgreSQL or a file-backed SQLite database, or null (in-memory SQLite) to use Kysely. */
export function openValidationReader(ctx: Pick<AppContext, 'config' | 'db'>): { read: ValidationReader; close: () => void } | null {
  // Both dialects compile the same text; its parameters are (site, key), and '' matches no site.
  const text = validationLookup('', '').compile(ctx.db).sql;
  const pool = postgresPoolOf(ctx.db);
  if (pool) {
    const read: ValidationReader = async (key, siteUrl) => {
      const result = await pool.query<ValidationRow>({ name: 'licence-validation-lookup', text, values: [siteUrl ?? '', key] });
      return toValidationLookup(result.rows[0]);
    };
    return { read, close: () => undefined }; // the pool closes with the database
  }
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const connection = new SQLite(target.file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const lookup = connection.prepare<[string, string], ValidationRow>(text);
  const read: ValidationReader = (key, siteUrl) => toValidationLookup(lookup.get(siteUrl ?? '', key));
  return { read, close: () => connection.close() };
}
