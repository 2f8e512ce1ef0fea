// Retention benchmark (issue 44; docs/big-shop.md, "Retention"): a simulated year of a 100,000-licence shop's
// growing tables (the rates: bench/retention-rows.ts), written day by day at BENCH_SCALE of the full rate, with the
// retention worker's clock moved to each day's end and its pass run then (as server/modules/retention/retention.db.test.ts
// moves it). Twice: retention at the defaults, and off (every period 0). Measured at the end: the database's size
// (SQLite: page_count × page_size after `PRAGMA wal_checkpoint(TRUNCATE)`, and the pages in use; PostgreSQL:
// pg_database_size of a database made for the run, autovacuum stood in for by a plain VACUUM every 30 days), and the
// longest a licence check (`validateLicense`, the hot path) took while a pass ran beside it, a check after another.
// The scaled-down days give small batches, so with retention on one more pass follows the year: it removes a full-scale
// day (FULL_DAY rows, a year and a month old) in 1,000-row batches, the checks timed beside it.
// Run: npx tsx bench/retention-year.ts (both databases; BENCH_DB=sqlite or postgres runs one; BENCH_SCALE=0.02 and
// BENCH_DAYS=365 by default; PostgreSQL at TEST_DATABASE_URL's server or postgres://postgres@127.0.0.1:5432).
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { DEFAULT_RETENTION, type Retention } from '../common/retention.js';
import { generateLicenseKey } from '../common/license-key.js';
import { validateLicense } from '../server/modules/licenses/index.js';
import { RetentionWorker } from '../server/modules/retention/index.js';
import { createTestApp, type TestApp } from '../server/test/test-app.js';
import { FULL_DAY, scaledDay, writeDay, type DayCounts, type Shop } from './retention-rows.js';
import { seedActiveLicenses } from './seed-licenses.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 0.02);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const DAY = 86_400_000;
const START = Date.parse('2025-01-01T00:00:00.000Z');
const PLUGIN = 'postcode-delivery-zones';
const OFF: Retention = { activity_days: 0, webhook_delivery_days: 0, email_body_days: 0, site_report_days: 0 };
const TABLES = ['activities', 'release_health_reports', 'release_deactivation_reasons', 'webhook_deliveries', 'emails'] as const;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function makeShop(t: TestApp): Promise<Shop> {
  const now = new Date(START).toISOString();
  const keys = Array.from({ length: Math.round(100_000 * SCALE) }, () => generateLicenseKey('8022'));
  await seedActiveLicenses(t.db, keys, PLUGIN, now);
  const licenses = await t.db
    .selectFrom('licenses')
    .innerJoin('license_activations', 'license_activations.license_id', 'licenses.id')
    .select(['licenses.id', 'licenses.key', 'license_activations.site_url as site'])
    .execute();
  const releaseIds: number[] = [];
  for (let month = 0; month <= Math.ceil(DAYS / 30) + 1; month++) {
    const version = `2.${month}.0`;
    const release = await t.db
      .insertInto('releases')
      .values({
        plugin_slug: PLUGIN,
        version,
        notes: '',
        zip_path: `bench-${version}.zip`,
        file_size: 1,
        sha384: '0',
        signature: '0',
        created_at: new Date(START + month * 30 * DAY).toISOString(),
        requires_wp: null,
        tested_wp: null,
        requires_php: null,
        author: null,
        upgrade_notice: null,
        withdrawn_at: null,
        offered_at: null,
        rollout_paused_at: null,
        rollout_pause_reason: null,
        rollback_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    releaseIds.push(release.id);
  }
  const endpoint = await t.db
    .insertInto('webhook_endpoints')
    .values({
      url: 'https://hooks.example.com/in',
      secret: 'whsec_bench',
      events: '[]',
      active: 1,
      busy_until: null,
      busy_token: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { licenses, releaseIds, endpointId: endpoint.id };
}

/** The five largest tables with their indexes. */
async function largest(t: TestApp): Promise<string> {
  const rows =
    t.testDb.target.dialect === 'sqlite'
      ? await sql<{ name: string; bytes: number }>`select m.tbl_name as name, sum(s.pgsize) as bytes from dbstat s join sqlite_master m on m.name = s.name
          group by m.tbl_name order by bytes desc limit 5`.execute(t.db)
      : await sql<{ name: string; bytes: string }>`select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c
          join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'r' order by bytes desc limit 5`.execute(t.db);
  return rows.rows.map((row) => `${row.name} ${mb(Number(row.bytes))}`).join(', ');
}

/** The database's size: SQLite's file (and the part of it in use) after a checkpoint, PostgreSQL's database. */
async function size(t: TestApp): Promise<{ bytes: number; inUse: number }> {
  if (t.testDb.target.dialect === 'sqlite') {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
    const pragma = async (name: string) => Number(Object.values((await sql.raw(`pragma ${name}`).execute(t.db)).rows[0] as object)[0]);
    const [pages, free, pageSize] = [await pragma('page_count'), await pragma('freelist_count'), await pragma('page_size')];
    if (fs.statSync(t.testDb.target.file).size !== pages * pageSize) throw new Error('the file is not page_count × page_size');
    return { bytes: pages * pageSize, inUse: (pages - free) * pageSize };
  }
  const row = (await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(t.db)).rows[0]!;
  return { bytes: Number(row.n), inUse: Number(row.n) };
}

/** Check times (ms): how many, the median, the 99th percentile and the slowest. */
class Checks {
  readonly times: number[] = [];
  add(other: Checks): void {
    for (const time of other.times) this.times.push(time);
  }
  toString(): string {
    const sorted = [...this.times].sort((a, b) => a - b);
    const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
    return `${sorted.length} checks, median ${at(0.5)} ms, p99 ${at(0.99)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
  }
}

/** Runs `pass` with licence checks one after another beside it (each awaited, then the event loop's turn). */
async function checksBeside(t: TestApp, shop: Shop, pass: () => Promise<unknown>): Promise<Checks> {
  let done = false;
  const checks = new Checks();
  const loop = (async () => {
    while (!done) {
      const { key, site } = shop.licenses[checks.times.length % shop.licenses.length]!;
      const start = performance.now();
      const answer = await validateLicense(t.db, { license_key: key, site_url: site });
      checks.times.push(performance.now() - start);
      if (!answer.valid) throw new Error(`check refused: ${answer.code}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  try {
    await pass();
  } finally {
    done = true;
    await loop;
  }
  return checks;
}

async function year(dialect: 'sqlite' | 'postgres', retention: Retention): Promise<void> {
  process.env.TEST_DB = dialect;
  const t = await createTestApp({ seed: true });
  try {
    const shop = await makeShop(t);
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload: { retention } });
    if (put.statusCode !== 200) throw new Error(put.body);
    await t.db.deleteFrom('retention_runs').execute(); // the app's own worker ran at start, by the real clock
    const empty = await size(t);
    const worker = new RetentionWorker(t.ctx);
    const counts = scaledDay(SCALE);
    const began = performance.now();
    const daily = new Checks();
    let removed = 0;
    for (let day = 0; day < DAYS; day++) {
      await writeDay(t.db, shop, counts, START + day * DAY, day);
      worker.now = () => new Date(START + (day + 1) * DAY);
      daily.add(await checksBeside(t, shop, () => worker.runNow()));
      removed += Object.values(worker.lastRun?.removed ?? {}).reduce((a, b) => a + b, 0);
      if (dialect === 'postgres' && day % 30 === 29) await sql`vacuum`.execute(t.db);
    }
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(t.db);
    const label = retention === OFF ? 'off (all 0)' : 'defaults';
    const seconds = ((performance.now() - began) / 1000).toFixed(0);
    const end = await size(t);
    const rows = await Promise.all(
      TABLES.map(
        async (table) =>
          `${table} ${
            (
              await t.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n
          }`,
      ),
    );
    const kept = await t.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('text', '<>', '')
      .executeTakeFirstOrThrow();
    console.log(`${dialect}, retention ${label}: ${DAYS} days in ${seconds} s, ${removed} rows removed or emptied`);
    console.log(`  rows at the end: ${rows.join(', ')} (e-mails with a body ${kept.n})`);
    const grown = end.inUse - empty.inUse;
    console.log(
      `  size: empty shop ${mb(empty.bytes)}, after ${DAYS} days ${mb(end.bytes)} (in use ${mb(end.inUse)}); at full scale ≈ ${mb(empty.bytes + grown / SCALE)}`,
    );
    console.log(`  largest tables: ${await largest(t)}`);
    console.log(`  licence checks beside the daily passes: ${daily}`);
    if (retention !== OFF) await fullScaleDay(t, shop, worker, START + DAYS * DAY);
  } finally {
    await t.close();
  }
}

/** One full-scale day's rows, older than every period, removed by one pass with the checks timed beside it. */
async function fullScaleDay(t: TestApp, shop: Shop, worker: RetentionWorker, now: number): Promise<void> {
  await writeDay(t.db, { ...shop, releaseIds: shop.releaseIds.slice(-1) }, { ...FULL_DAY } as DayCounts, now - 400 * DAY, 9999);
  worker.now = () => new Date(now + DAY);
  // Every site checked once (today's verification written), then checks with nothing beside, then beside the pass.
  for (const { key, site } of shop.licenses) await validateLicense(t.db, { license_key: key, site_url: site });
  const idle = await checksBeside(t, shop, () => new Promise((resolve) => setTimeout(resolve, 3000)));
  const started = performance.now();
  const beside = await checksBeside(t, shop, () => worker.runNow());
  const run = worker.lastRun;
  console.log(
    `  a full-scale day's pass: ${JSON.stringify(run?.removed)} in ${run?.batches} statements (largest ${run?.largestBatch} rows), ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`  licence checks beside that pass: ${beside}; with nothing beside (3 s): ${idle}`);
}

async function withPostgresDatabase(run: () => Promise<void>): Promise<void> {
  const server = (process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, '');
  const name = `retention_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = `${server}/${name}`;
  try {
    await run();
  } finally {
    process.env.TEST_DATABASE_URL = previous;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

console.log(
  `scale ${SCALE} of a 100,000-licence shop: ${JSON.stringify(scaledDay(SCALE))} rows a day; load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (process.env.BENCH_DB && process.env.BENCH_DB !== dialect) continue;
  const both = async () => {
    await year(dialect, { ...DEFAULT_RETENTION });
    await year(dialect, OFF);
  };
  await (dialect === 'postgres' ? withPostgresDatabase(both) : both());
}
console.log(
  `load average at the end ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
process.exit(0);
