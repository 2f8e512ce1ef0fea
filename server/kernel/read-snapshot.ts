// One consistent state to read from: what a whole-shop read (the shop export) sees while the shop keeps changing.
import { sql } from 'kysely';
import { openSqliteReader, type Database, type Db } from '../db/database.js';
import { isPostgres } from '../db/portable.js';

/**
 * Runs `read` in one read-only transaction that sees one state of the database from its first read to its end, and
 * lets the shop go on answering and writing meanwhile.
 * - PostgreSQL: `repeatable read, read only` on one of the pool's connections (read committed would give each
 *   statement its own state).
 * - SQLite: a deferred `begin` (its first read fixes the state it sees, WAL) on a read-only connection of its own,
 *   so the server's one connection stays free for its requests. Not the driver's `begin immediate`
 *   (server/db/database.ts), which takes the write lock: an export of a big shop held it for minutes and a server on
 *   the same file waited at each write (docs/big-shop.md). An in-memory database has no second connection: its own
 *   is used.
 * It changes nothing, so it is no unit of work.
 */
export async function readSnapshot<T>(db: Database, read: (db: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
  const reader = openSqliteReader(db);
  try {
    return await (reader ?? db).connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      try {
        const result = await read(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  } finally {
    await reader?.destroy();
  }
}
