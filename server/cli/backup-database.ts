import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import SQLite from 'better-sqlite3';

/** `2026-11-23T08-55-00Z`: sortable, and valid in a file name everywhere. */
export const backupStamp = (now: Date): string =>
  now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');

/**
 * Where a backup goes: the path given (a folder gets the timestamped name inside it), or else a timestamped file
 * beside DATA_DIR (`data` → `data-backup-2026-11-23T08-55-00Z.sqlite`), outside the folder it copies.
 */
export function backupPath(dataDir: string, extension: 'sqlite' | 'dump', given: string | undefined, now = new Date()): string {
  const name = `${path.basename(dataDir)}-backup-${backupStamp(now)}.${extension}`;
  if (!given) return path.join(path.dirname(dataDir), name);
  const resolved = path.resolve(given);
  return fs.existsSync(resolved) && fs.statSync(resolved).isDirectory() ? path.join(resolved, name) : resolved;
}

/**
 * SQLite's online backup (better-sqlite3 `backup()`): copies the database page by page, including what is still
 * in the -wal file, while the server keeps reading and writing (one read transaction, so the result is one consistent
 * moment). The copy is owner-only and checked before it is reported: by default that it is whole and opens
 * (`checkCopyIsWhole`); `full` runs SQLite's `quick_check` over every page as well (about 100 s for 4 GB on a busy
 * machine, docs/big-shop.md "Backup at the size").
 */
export async function backupSqlite(file: string, destination: string, options: { full?: boolean } = {}): Promise<{ bytes: number }> {
  if (fs.existsSync(destination)) throw new Error(`${destination} already exists; give another path`);
  fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
  const source = new SQLite(file, { fileMustExist: true });
  let pages: number;
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in one step, in one read transaction: a step of 100 pages (the default) ends its read between
    // steps, and a write by the server in between restarts the copy, which a busy shop of 4 GB may never finish.
    // The server's writes go on meanwhile (WAL); this process has nothing else to do.
    pages = (await source.backup(destination, { progress: () => 0x7fffffff })).totalPages;
  } finally {
    source.close();
  }
  fs.chmodSync(destination, 0o600);
  const copy = new SQLite(destination, { readonly: true });
  try {
    checkCopyIsWhole(copy, pages, fs.statSync(destination).size);
    const check = options.full ? copy.pragma('quick_check', { simple: true }) : 'ok';
    if (check !== 'ok') throw new Error(`the copy failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return { bytes: fs.statSync(destination).size };
}

/**
 * The copy has every page the backup copied (its header's page count, the file's size) and opens: its schema
 * reads, and each table's last row is reached (down the right edge of its b-tree, the pages written last). It does
 * not read every page, as `quick_check` does.
 */
export function checkCopyIsWhole(copy: SQLite.Database, pages: number, bytes: number): void {
  const pageSize = Number(copy.pragma('page_size', { simple: true }));
  const pageCount = Number(copy.pragma('page_count', { simple: true }));
  if (pageCount !== pages || pageCount * pageSize !== bytes) {
    throw new Error(`the copy is not whole: ${pageCount} pages of ${pageSize} bytes in ${bytes} bytes, ${pages} pages copied`);
  }
  const tables = copy.prepare("select name, sql from sqlite_schema where type = 'table' and rootpage > 0 and name not like 'sqlite_%'").all() as Array<{
    name: string;
    sql: string | null;
  }>;
  for (const { name, sql } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const rowid = !/without\s+rowid\s*$/i.test(sql ?? '');
    copy.prepare(rowid ? `select max(rowid) from ${quoted}` : `select 1 from ${quoted} limit 1`).get();
  }
}

export interface PgDumpPlan {
  /** pg_dump's arguments: custom format (compressed; pg_restore picks tables), the URL without its password. */
  args: string[];
  /** The password, passed as PGPASSWORD so it never shows in the process list. */
  password: string | undefined;
  /** The command to run by hand, password left as $PGPASSWORD. */
  command: string;
}

const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export function pgDumpPlan(databaseUrl: string, destination: string): PgDumpPlan {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  const args = ['--format=custom', `--file=${destination}`, `--dbname=${url.toString()}`];
  const command = `${password ? 'PGPASSWORD="$PGPASSWORD" ' : ''}pg_dump ${args.map(quote).join(' ')}`;
  return { args, password, command };
}

/** Runs pg_dump when it is installed; answers false (and nothing is written) when it is not. */
export function runPgDump(plan: PgDumpPlan): boolean {
  const probe = spawnSync('pg_dump', ['--version'], { stdio: 'ignore' });
  if (probe.error) return false;
  const result = spawnSync('pg_dump', plan.args, {
    stdio: 'inherit',
    env: { ...process.env, ...(plan.password ? { PGPASSWORD: plan.password } : {}) },
  });
  if (result.status !== 0) throw new Error(`pg_dump failed (exit ${result.status ?? result.signal})`);
  return true;
}
