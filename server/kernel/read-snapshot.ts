// One consistent state to read from: what a whole-shop read (the shop export) sees while the shop keeps changing.
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';

/**
 * Runs `read` in one read-only transaction that sees one state of the database from its first read to its end.
 * PostgreSQL: `repeatable read, read only` (read committed would give each statement its own state). SQLite: a
 * deferred transaction, whose first read fixes the state it sees (WAL), and Kysely's SQLite driver ignores the
 * isolation settings. It changes nothing, so it is no unit of work.
 */
export function readSnapshot<T>(db: Database, read: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}
