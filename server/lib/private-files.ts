import fs from 'node:fs';
import path from 'node:path';

// DATA_DIR holds the database, the signing key, uploads and release zips: only the server's own user may
// read them (files 0600, folders 0700), whatever the process umask.

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * chmod, skipping a missing path (SQLite's -wal before the first write) and one owned by another user (a
 * mounted volume): the server still starts, with the modes it could set.
 */
function chmodIfOwned(target: string, mode: number): void {
  try {
    fs.chmodSync(target, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

/** Creates the folder (and missing parents) owner-only; an existing one is tightened. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodIfOwned(dir, PRIVATE_DIR_MODE);
}

/** Makes an existing file owner-only. */
export const tightenFile = (file: string): void => chmodIfOwned(file, PRIVATE_FILE_MODE);

/**
 * Tightens a folder and everything under it that is looser than owner-only: data written by an older version
 * (the SQLite file was 0644). Symbolic links are left alone, so nothing outside the folder is touched.
 */
export function tightenTree(dir: string): void {
  if (!fs.existsSync(dir)) return;
  ensurePrivateDir(dir);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) tightenTree(full);
    else if (entry.isFile() && (fs.statSync(full).mode & 0o077) !== 0) tightenFile(full);
  }
}

/** Removes files in `dir` last modified more than `olderThanMs` ago (partial uploads of a process that died). */
export function removeStaleFiles(dir: string, olderThanMs: number, now = Date.now()): number {
  if (!fs.existsSync(dir)) return 0;
  let removed = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    if (now - fs.statSync(file).mtimeMs > olderThanMs) {
      fs.rmSync(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
