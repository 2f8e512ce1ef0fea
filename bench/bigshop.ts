// A big shop for the size benchmarks (issue 44): `npm run bench:bigshop -- --licences 1000000`.
//
// At N licences: 4 plugins with 3 tiers each (two yearly, one lifetime), N licences over the last two years, 3N
// activations (one local site in four licences' third slot) with their site reports, 0.6N customers (two licences
// for four in ten), 1.2N orders (N new sales, 2 % of them refunded and their licences revoked, 0.2N renewals of the
// oldest yearly licences), 2N e-mails (licence, receipt, reminder and sign-in e-mails with short bodies), a year of
// activity (N rows) and of webhook deliveries (N rows), and 0.1N ended activations. Every row is made by the
// database itself (`insert … select` over a generated series, 100,000 rows a statement, one transaction per table),
// so a million licences take minutes, not the hour the importer's row-by-row path would (bench/import.ts measures
// that path on its own). The database is migrated (the demo catalogue seeded) first, so it is what a shop that ran
// this long would hold; the kept counts and daily figures are then rebuilt by their migrations (below).
//
// SQLite: a new file, `--out` (default /tmp/bigshop-N.sqlite; an existing one is replaced). PostgreSQL: with
// DATABASE_URL=postgres://…/anything, a new database `bigshop_N` (`--database` to name it; an existing one is
// dropped) on that server; the URL to use is printed. Times are relative to now: the newest licence is an hour old.
//
// The rows' shape: bench/bigshop/options.ts (sizes), bench/bigshop/sql.ts (the column expressions),
// bench/bigshop/sales.ts (catalogue, licences, orders) and bench/bigshop/use.ts (activations, e-mails, activity,
// webhooks, customers).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/startup.js';
import type { DB } from '../server/db/schema.js';
import { readStoreIdentity, STORE_IDENTITY_KEY } from '../common/store-identity.js';
import { readSetting } from '../server/modules/settings/index.js';
import { dialect, N, options as values, url } from './bigshop/options.js';
import { setKeyPrefix } from './bigshop/sql.js';
import { generateSales } from './bigshop/sales.js';
import { generateUse } from './bigshop/use.js';
import * as licenseCounts from '../server/db/migrations/0067-license-counts.js';
import * as dashboardRollups from '../server/db/migrations/0076-dashboard-rollups.js';
import * as emailCounts from '../server/db/migrations/0080-email-counts.js';
import * as customerCount from '../server/db/migrations/0084-customer-count.js';
import * as rollupsPerStatement from '../server/db/migrations/0088-rollups-per-statement.js';
import * as licenseChecks from '../server/db/migrations/0092-license-checks.js';
import * as movesLinear from '../server/db/migrations/0093-rollups-moves-linear.js';
import * as pageCounts from '../server/db/migrations/0094-page-counts.js';
import * as licenseChecksPostgres from '../server/db/migrations/0095-license-checks-postgres.js';

// The kept counts and daily roll-ups (and the customer count, 0084): their triggers add each row to a handful of summary rows. Row by row in one
// transaction per table, PostgreSQL keeps every version of those rows until the commit (3,000,000 activations update
// the same few site-version rows), so each update walks a longer chain: a 100,000 shop had made a third of its
// activations after 74 minutes. They are dropped before the fill and made again after it by their own migrations,
// which count what the tables hold, exactly as they did for a shop that existed before them. (PostgreSQL's triggers
// per statement, 0088 and 0093's version of one, stand on 0067's and 0076's: taken down first, made again last.) SQLite's licence-check table
// (0092, and PostgreSQL's, 0095) likewise: its triggers would write each licence, activation and buyer a second time;
// its migration fills it in key order. PostgreSQL's page counts (0094) are counted by their migration too, once a table.
const KEPT_COUNTS = [
  licenseCounts,
  dashboardRollups,
  emailCounts,
  customerCount,
  rollupsPerStatement,
  movesLinear,
  licenseChecks,
  pageCounts,
  licenseChecksPostgres,
];

async function generate(db: Kysely<DB>): Promise<void> {
  setKeyPrefix(readStoreIdentity(await readSetting(db, STORE_IDENTITY_KEY)).license_key_prefix);
  const unknownDb = db as unknown as Kysely<unknown>;
  for (const migration of [...KEPT_COUNTS].reverse()) await migration.down(unknownDb);
  // 0092's down makes again 0091's two indexes that only the check read; its up drops them. Not kept through the fill.
  if (dialect !== 'postgres') for (const index of ['licenses_validation', 'customers_email_name']) await sql.raw(`drop index ${index}`).execute(db);
  await generateSales(db);
  await generateUse(db);
  const began = performance.now();
  for (const migration of KEPT_COUNTS) await migration.up(unknownDb);
  console.log(`kept counts and daily roll-ups rebuilt (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  // PostgreSQL: vacuum too, as autovacuum does to a shop that has run a while. Until a table's visibility map is set,
  // an index-only scan reads the table for every row (a deep page by number at 1,000,000 licences: 320 ms, 133 after).
  await sql.raw(dialect === 'postgres' ? 'vacuum (analyze)' : 'analyze').execute(db);
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  let target: string;
  if (dialect === 'postgres' && url) {
    const name = values.database ?? `bigshop_${N}`;
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database must be a lower-case SQL name');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    target = env.DATABASE_URL = parsed.toString();
  } else {
    target = path.resolve(values.out ?? path.join(os.tmpdir(), `bigshop-${N}.sqlite`));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
    env.DATABASE_URL = `sqlite:${target}`;
  }
  env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bigshop-data-'));
  const began = performance.now();
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${N.toLocaleString('en-GB')} licences on ${dialect}`,
  );
  const db = await openDatabase({ ...loadConfig(env), SEED_DEMO: true });
  try {
    await generate(db);
  } finally {
    await db.destroy();
  }
  const size = dialect === 'sqlite' ? `${(fs.statSync(target).size / 1e6).toFixed(0)} MB` : 'see pg_database_size';
  console.log(`done in ${((performance.now() - began) / 1000).toFixed(1)} s; ${size}; DATABASE_URL=${dialect === 'sqlite' ? `sqlite:${target}` : target}`);
}

await main();
