import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import type { DB } from './schema.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tightenFile } from '../lib/private-files.js';

export type Dialect = 'sqlite' | 'postgres';
export type Database = Kysely<DB>;
/** The database or a transaction on it: what a repository function reads and writes through (the one `Db` type). */
export type Db = Kysely<DB> | Transaction<DB>;

export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string; poolSize?: number };

// Integer-valued bigint results (count(*)) come back from pg as strings; parse them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every statement anew; preparing costs more than running a small
 * indexed query. Prepared statements are reusable, and Kysely runs one query at a time per connection.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Creates the SQLite file owner-only (0600) before SQLite opens it, and tightens an existing one and its -wal
 * and -shm (SQLite gives those the main file's mode when it creates them). Folders it creates are 0700; an
 * existing folder is left as it is (a DATABASE_URL may point anywhere).
 */
function createPrivateSqliteFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm']) tightenFile(`${file}${suffix}`);
}

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE), not at their first write. With
 * several processes on one file (WORKERS=N), a deferred transaction that has read and then writes after another
 * process committed fails at once with SQLITE_BUSY (its snapshot is stale, busy_timeout cannot help); taken at
 * BEGIN, the lock is waited for (busy_timeout) and the transaction reads current rows. Within one process
 * Kysely runs one transaction at a time anyway, so this costs nothing there.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly dialectConfig: SqliteDialectConfig) {
    super(dialectConfig);
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.dialectConfig);
  }
}

const postgresPools = new WeakMap<Database, pg.Pool>();
const sqliteFiles = new WeakMap<Database, string>();

/**
 * A second, read-only connection to a SQLite database's file, for a long read beside the server's own connection
 * (the shop export: server/kernel/read-snapshot.ts), or undefined for PostgreSQL (its pool has connections to
 * spare) and an in-memory SQLite database. Plain Kysely SQLite: its `begin` is deferred, so it takes no write lock.
 * The caller destroys it.
 */
export function openSqliteReader(db: Database): Database | undefined {
  const file = sqliteFiles.get(db);
  if (!file) return undefined;
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** The pg pool under a PostgreSQL database, for the one hot query that runs as a named prepared statement. */
export const postgresPoolOf = (db: Database): pg.Pool | undefined => postgresPools.get(db);

export function createDatabase(target: DatabaseTarget): Database {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') createPrivateSqliteFile(target.file);
    const sqlite = new SQLite(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Freed space inside a written page is zeroed (no extra I/O), so an erased customer's old rows do not linger
    // in the file (docs/customers.md, "Erase"; server/modules/customers/erase-storage.ts).
    sqlite.pragma('secure_delete = fast');
    const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
    if (target.file !== ':memory:') sqliteFiles.set(db, target.file);
    return db;
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // An idle connection that breaks (the database restarted, an admin ended it) is dropped by the pool and
  // replaced on demand; without a listener pg's 'error' event would end the whole process.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  postgresPools.set(db, pool);
  return db;
}
