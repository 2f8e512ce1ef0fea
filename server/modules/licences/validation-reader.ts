// A fast path for the busiest public call. On SQLite, validation reads through its own read-only
// connection with its one statement prepared for the life of the process: Kysely's SQLite driver funnels
// every query through one connection's mutex, which measured as much of a validation's cost. WAL mode
// lets this connection read every committed write at once, so nothing is cached and nothing can be stale.
// Writes, locking and PostgreSQL stay on Kysely.
import SQLite from 'better-sqlite3';
import type { AppContext } from '../../context.js';
import { toValidationLookup, validationLookup, type ValidationLookup, type ValidationRow } from './licences.repository.js';

export type ValidationReader = (key: string, siteUrl: string | undefined) => ValidationLookup | undefined;

/** The reader for a file-backed SQLite database, or null (PostgreSQL, in-memory) to use Kysely. */
export function openValidationReader(ctx: Pick<AppContext, 'config' | 'db'>): { read: ValidationReader; close: () => void } | null {
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const connection = new SQLite(target.file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  // The same statement Kysely runs on PostgreSQL; its parameters are (site, key).
  const lookup = connection.prepare<[string, string], ValidationRow>(validationLookup('', '').compile(ctx.db).sql);
  const read: ValidationReader = (key, siteUrl) => toValidationLookup(lookup.get(siteUrl ?? '', key));
  return { read, close: () => connection.close() };
}
