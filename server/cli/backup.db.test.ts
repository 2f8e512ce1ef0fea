import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoCatalog } from '../db/seed.js';
import { createLicense } from '../modules/licenses/index.js';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.js';
import { backupPath, backupSqlite, checkCopyIsWhole, pgDumpPlan } from './backup-database.js';

const run = promisify(execFile);
const BACKUP = fileURLToPath(new URL('./backup.ts', import.meta.url));
const SLUG = 'postcode-delivery-zones';
const cli = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', BACKUP, ...args], { env: { PATH: process.env.PATH, ...env }, timeout: 60_000 });

describe('backup paths and the pg_dump command', () => {
  it('names a timestamped file beside DATA_DIR, inside a given folder, or the given file', () => {
    const now = new Date('2026-11-23T08:55:00.123Z');
    expect(backupPath('/srv/shop/data', 'sqlite', undefined, now)).toBe('/srv/shop/data-backup-2026-11-23T08-55-00Z.sqlite');
    expect(backupPath('/srv/shop/data', 'dump', os.tmpdir(), now)).toBe(path.join(os.tmpdir(), 'data-backup-2026-11-23T08-55-00Z.dump'));
    expect(backupPath('/srv/shop/data', 'sqlite', '/backups/tonight.sqlite', now)).toBe('/backups/tonight.sqlite');
  });

  it("keeps the password out of pg_dump's arguments and out of the printed command", () => {
    const plan = pgDumpPlan('postgres://shop:s%40cret@db.internal:5432/shop', '/b/x.dump');
    expect(plan.password).toBe('s@cret');
    expect(plan.args).toEqual(['--format=custom', '--file=/b/x.dump', '--dbname=postgres://shop@db.internal:5432/shop']);
    expect(plan.command).toBe(`PGPASSWORD="$PGPASSWORD" pg_dump '--format=custom' '--file=/b/x.dump' '--dbname=postgres://shop@db.internal:5432/shop'`);
    expect(plan.command).not.toContain('cret');
  });
});

describe('the check of a SQLite copy', () => {
  it('passes a whole copy (and its full check) and refuses one that lost its last page', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-backup-check-'));
    try {
      const source = new SQLite(path.join(dir, 'shop.sqlite'));
      source.exec('create table t (id integer primary key, body text); create table w (k text primary key) without rowid');
      source.exec('with recursive s(i) as (select 1 union all select i + 1 from s where i < 2000) insert into t (body) select hex(randomblob(200)) from s');
      source.prepare("insert into w (k) values ('a')").run();
      source.close();
      const copy = path.join(dir, 'copy.sqlite');
      const { bytes } = await backupSqlite(path.join(dir, 'shop.sqlite'), copy, { full: true });
      const pages = bytes / 4096;
      const whole = new SQLite(copy, { readonly: true });
      expect(() => checkCopyIsWhole(whole, pages, bytes)).not.toThrow();
      expect(() => checkCopyIsWhole(whole, pages + 1, bytes)).toThrow(/not whole/);
      whole.close();
      fs.truncateSync(copy, bytes - 4096);
      const cut = new SQLite(copy, { readonly: true });
      // SQLite itself may find the header's page count past the end first.
      expect(() => checkCopyIsWhole(cut, pages, bytes - 4096)).toThrow(/not whole|malformed/);
      cut.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe(`npm run backup (${testDialect()})`, () => {
  let t: TestApp | undefined;
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    await t?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(testDialect() !== 'sqlite')('copies a SQLite database the running server keeps writing to, and the copy opens and holds the data', async () => {
    t = await createTestApp();
    const app = t;
    if (app.testDb.target.dialect !== 'sqlite') return;
    const before = await createLicense(app.ctx, { pluginSlug: SLUG, plan: 'lifetime', maxActivations: 1 });
    // Writes keep landing in the -wal file during the backup, as they would on a live server.
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await createLicense(app.ctx, { pluginSlug: SLUG, plan: 'trial', maxActivations: 1 });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const destination = path.join(app.testDb.dataDir, 'backups');
    fs.mkdirSync(destination);
    const { stdout } = await cli({ DATA_DIR: app.testDb.dataDir, DATABASE_URL: `sqlite:${app.testDb.target.file}` }, destination);
    writing = false;
    await writer;

    const [file] = fs.readdirSync(destination);
    expect(file).toMatch(/-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    expect(stdout).toContain(`to ${path.join(destination, file ?? '')}`);
    expect(fs.statSync(path.join(destination, file ?? '')).mode & 0o777).toBe(0o600);
    const copy = new SQLite(path.join(destination, file ?? ''), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('select key from licenses where id = ?').get(before.id)).toEqual({ key: before.key });
      expect(copy.prepare('select count(*) as n from plugins').get()).toEqual({ n: 2 });
      expect((copy.prepare("select value from settings where key = 'admin_password_hash'").get() as { value: string }).value).toMatch(/^"/);
    } finally {
      copy.close();
    }
  });

  it.skipIf(testDialect() !== 'postgres')('runs pg_dump on a PostgreSQL database, or prints the exact command where it is missing', async () => {
    const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `pls_backup_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const db = createDatabase({ dialect: 'postgres', url: url.toString() });
    await migrateToLatest(db, () => seedDemoCatalog(db).then(() => undefined));
    await db.destroy();

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-backup-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const destination = path.join(dataDir, 'shop.dump');
    const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
    await cli(env, destination);
    const listing = spawnSync('pg_restore', ['--list', destination], { encoding: 'utf8' });
    expect(listing.status).toBe(0);
    expect(listing.stdout).toMatch(/TABLE DATA public plugins/);

    // Without pg_dump on the PATH: nothing written, exit 2, the command to run instead.
    const emptyPath = fs.mkdtempSync(path.join(dataDir, 'bin-'));
    const missing = await cli({ ...env, PATH: emptyPath }, path.join(dataDir, 'none.dump')).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 2 });
    expect((missing as { stderr: string }).stderr).toContain(
      `pg_dump '--format=custom' '--file=${path.join(dataDir, 'none.dump')}' '--dbname=${url.toString()}'`,
    );
    expect(fs.existsSync(path.join(dataDir, 'none.dump'))).toBe(false);
  });
});
