import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';

// SQLite only (PostgreSQL keeps no file here): the database holds licence keys and hashes, so its file and
// SQLite's -wal and -shm are the server user's alone, whatever the umask (022 made them 0644).
describe('the SQLite file is owner-only', () => {
  let dir: string;
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0o022);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-mode-'));
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  it('creates the file, its -wal and -shm 0600 and a missing folder 0700', async () => {
    const file = path.join(dir, 'new-folder', 'licensing.sqlite');
    const db = createDatabase({ dialect: 'sqlite', file });
    await sql`create table t (x integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    expect(mode(path.dirname(file))).toBe(0o700);
    for (const suffix of ['', '-wal', '-shm']) expect(mode(`${file}${suffix}`)).toBe(0o600);
    await db.destroy();
  });

  it('tightens an existing 0644 file when it opens it', async () => {
    const file = path.join(dir, 'licensing.sqlite');
    fs.writeFileSync(file, '', { mode: 0o644 });
    const db = createDatabase({ dialect: 'sqlite', file });
    await sql`create table t (x integer)`.execute(db);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    await db.destroy();
  });
});
