// Reads on a read-only SQLite connection, run together: every read asked during one turn of the event loop runs
// when the loop reaches its check phase (`setImmediate`), all in one read transaction. A statement outside a
// transaction is a read transaction of its own, and starting one costs system calls (the WAL read lock taken and
// released with `fcntl`, the file's size with `fstat`) as well as SQLite's own work: a lookup alone cost 15–19 µs
// of CPU, ten in one transaction 7–11 µs each (bench/sqlite-read-batch.ts; bench/README.md, issue 30). A batch's
// transaction starts after every request in it arrived, so it sees every write committed before then, as a read
// of its own would: nothing is kept between batches. The licence validation readers
// (server/modules/licenses/validation-reader.ts) and the EDD item reader (server/modules/plugins/edd-item-reader.ts)
// share one connection and one batch per database (`openSharedSqliteReads`): an EDD check_license asks for its item
// and its licence in the same turn, and both run in the same transaction.
import SQLite from 'better-sqlite3';

/** Runs `read` (synchronous statements on `connection`) in the current turn's batch; resolves with its result. */
export type SqliteReadBatch = <T>(read: () => T) => Promise<T>;

interface PendingRead {
  read: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export function sqliteReadBatch(connection: SQLite.Database): SqliteReadBatch {
  const begin = connection.prepare('begin');
  const commit = connection.prepare('commit');
  let waiting: PendingRead[] = [];

  const run = (pending: PendingRead): void => {
    try {
      pending.resolve(pending.read());
    } catch (error) {
      pending.reject(error);
    }
  };

  // A read transaction has nothing to commit: this ends it, and its snapshot.
  function end(): void {
    try {
      commit.run();
    } catch {
      if (connection.inTransaction) connection.exec('rollback');
    }
  }

  function runBatch(): void {
    const batch = waiting;
    waiting = [];
    if (batch.length === 1) return run(batch[0]!);
    try {
      begin.run();
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    try {
      for (const pending of batch) run(pending);
    } finally {
      end();
    }
  }

  return <T>(read: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(runBatch);
      waiting.push({ read, resolve: resolve as (value: unknown) => void, reject });
    });
}

export interface SharedSqliteReads {
  /** The read-only connection: prepare statements on it. */
  connection: SQLite.Database;
  batch: SqliteReadBatch;
  /** This user is done; the last one closes the connection. */
  release: () => void;
}

interface OpenReads {
  connection: SQLite.Database;
  batch: SqliteReadBatch;
  users: number;
}

/** One per database object (an app's ctx.db): apps in one process, as tests run them, never share a connection. */
const openReads = new WeakMap<object, OpenReads>();

/**
 * The read-only connection and its turn's batch for the database file `file`, shared by every reader of the
 * database `owner`: one read transaction per turn of the event loop serves all of them, however many there are.
 */
export function openSharedSqliteReads(owner: object, file: string): SharedSqliteReads {
  let reads = openReads.get(owner);
  if (!reads) {
    const connection = new SQLite(file, { readonly: true, fileMustExist: true });
    connection.pragma('busy_timeout = 5000');
    reads = { connection, batch: sqliteReadBatch(connection), users: 0 };
    openReads.set(owner, reads);
  }
  const opened = reads;
  opened.users += 1;
  let released = false;
  return {
    connection: opened.connection,
    batch: opened.batch,
    release: () => {
      if (released) return;
      released = true;
      opened.users -= 1;
      if (opened.users > 0) return;
      opened.connection.close();
      if (openReads.get(owner) === opened) openReads.delete(owner);
    },
  };
}
