// The shop side of bench/bigshop-check.ts: a copy of a generated shop (the server and the bench write to it), the
// licences drawn from it, the real server started on it, and waiting until that server's background work is done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Prepared } from './check-load.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/startup.js';
import { createDatabase, type Database } from '../server/db/database.js';
import { cpuMs, nodeProcesses, residentMb } from './check-load.js';
import { benchNodeArgs } from './bench-server.js';
import { serverEntry } from './license-validate/servers.js';

/** A copy of the shop at `url` (SQLite: `sqlite:FILE`; PostgreSQL: a database URL), and how to remove it. */
export async function copyShop(url: string, tag: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const copy = path.join(os.tmpdir(), `bigshop-check-${tag}-${path.basename(file)}`);
    for (const suffix of ['', '-wal']) if (fs.existsSync(`${file}${suffix}`)) fs.copyFileSync(`${file}${suffix}`, `${copy}${suffix}`);
    return { url: `sqlite:${copy}`, drop: async () => ['', '-wal', '-shm'].forEach((suffix) => fs.rmSync(`${copy}${suffix}`, { force: true })) };
  }
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  const copyName = `${name}_chk_${tag}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${url}: the database name must be a lower-case SQL name`);
  const admin = async (statement: string) => {
    const server = new URL(url);
    server.pathname = '/postgres';
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${copyName} template ${name}`);
  parsed.pathname = `/${copyName}`;
  return { url: parsed.toString(), drop: () => admin(`drop database if exists ${copyName} with (force)`) };
}

/** The shop's database, migrated to this checkout's code (as the server would at start). */
async function openShop(url: string): Promise<Database> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bigshop-check-open-'));
  try {
    return await openDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: 'false' }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface DrawnKey {
  key: string;
  plugin: string;
  /** The plugin's EDD item name (its own name when it has none), as the vendor's updater would send it. */
  pluginName: string;
  site: string;
}

/** The validate and EDD check_license requests of the drawn keys, as the WordPress client and EDD's updater send them. */
export function checkRequests(keys: readonly DrawnKey[]): { validate: Prepared[]; edd: Prepared[] } {
  const validate: Prepared[] = keys.map((k) => ({
    method: 'POST',
    path: '/api/v1/licenses/validate',
    body: JSON.stringify({ license_key: k.key, site_url: `https://${k.site}`, plugin_slug: k.plugin }),
  }));
  // EDD's updater: `'item_name' => urlencode( NAME )` in the body wp_remote_post() encodes again; `url` = home_url().
  const edd: Prepared[] = keys.map((k) => ({
    method: 'POST',
    path: '/',
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams({
      edd_action: 'check_license',
      license: k.key,
      item_name: encodeURIComponent(k.pluginName).replaceAll('%20', '+'),
      url: `https://${k.site}`,
    }).toString(),
  }));
  return { validate, edd };
}

/**
 * Up to `want` licences taken in a random order of the whole shop's ids, keeping those that should validate (active,
 * without expiry or expiring more than two days from now) with a site they are activated on (not a local one).
 * Also raises the per-IP rate limit to the Settings maximum (the bench's 50 addresses must not be cut short), and
 * turns off the generated shop's webhook endpoint (bench/bigshop.ts: hooks.example.com, which cannot be reached): the
 * warm-up's verifications would queue deliveries to it whose retries run while measuring, more on a bigger shop.
 */
export async function drawKeys(url: string, want: number, randomInt: (max: number) => number): Promise<{ licences: number; keys: DrawnKey[] }> {
  const db = await openShop(url);
  try {
    await db.deleteFrom('settings').where('key', '=', 'rate_limit_per_minute').execute();
    await db
      .insertInto('settings')
      .values({ key: 'rate_limit_per_minute', value: JSON.stringify(100_000), updated_at: new Date().toISOString() })
      .execute();
    await db.updateTable('webhook_endpoints').set({ active: 0 }).where('url', '=', 'https://hooks.example.com/bench').execute();
    const { n, top } = await db
      .selectFrom('licenses')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('id').as('top')])
      .executeTakeFirstOrThrow();
    const plugins = await db.selectFrom('plugins').select(['slug', 'name', 'edd_item_name']).execute();
    const itemName = new Map(plugins.map((p) => [p.slug, p.edd_item_name ?? p.name]));
    // Fisher–Yates over every id up to the largest: each order of the shop's licences is as likely.
    const ids = Int32Array.from({ length: Number(top) }, (_, i) => i + 1);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const keys: DrawnKey[] = [];
    for (let start = 0; start < ids.length && keys.length < want; start += 500) {
      const rows = await db
        .selectFrom('licenses as l')
        .select((eb) => [
          'l.key',
          'l.plugin_slug',
          'l.status',
          'l.expires_at',
          eb
            .selectFrom('license_activations as a')
            .select('a.site_url')
            .whereRef('a.license_id', '=', 'l.id')
            .where('a.is_local', '=', 0)
            .orderBy('a.id')
            .limit(1)
            .as('site'),
        ])
        .where('l.id', 'in', [...ids.subarray(start, start + 500)])
        .execute();
      for (const row of rows) {
        const lasts = row.expires_at === null || row.expires_at > soon;
        if (row.status !== 'active' || !lasts || !row.site || !row.plugin_slug) continue;
        keys.push({ key: row.key, plugin: row.plugin_slug, pluginName: itemName.get(row.plugin_slug) ?? '', site: row.site });
      }
    }
    return { licences: Number(n), keys: keys.slice(0, want) };
  } finally {
    await db.destroy();
  }
}

export interface ShopServer {
  label: string;
  url: string;
  pid: number;
  port: number;
  /** The server's own log (stdout), in a temporary directory removed with it unless BENCH_KEEP_LOGS=1. */
  log: string;
  stop: () => Promise<void>;
}

/**
 * `node --import tsx server/main.ts` on the shop (with BENCH_BUILT=1 `dist/server/main.js`, what `npm start` runs:
 * `npm run build` first), NODE_ENV=production, on a free loopback port; ready when health answers.
 */
export async function startServer(url: string, label: string): Promise<ShopServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bigshop-check-server-'));
  const port = 24_000 + Math.floor(Math.random() * 10_000);
  const log = path.join(root, 'server.log');
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, [...benchNodeArgs(), ...serverEntry(process.cwd())], {
    stdio: ['ignore', out, 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      ADMIN_PASSWORD: 'bench-admin-password',
      WEB_DIST_DIR: path.join(root, 'no-web'),
      DATABASE_URL: url,
    },
  });
  fs.closeSync(out);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 3000 || child.exitCode !== null) {
      await stop();
      throw new Error(`${label}: the server did not start (its log: ${log})`);
    }
    await sleep(200);
  }
  return { label, url, pid: child.pid ?? 0, port, log, stop };
}

/** Until the server's processes used under 5 % of a core for 3 s in a row. */
export async function waitIdle(server: ShopServer): Promise<void> {
  const began = Date.now();
  let last = cpuMs(nodeProcesses(server.pid));
  for (let quiet = 0; quiet < 3;) {
    if (Date.now() - began > 10 * 60_000) throw new Error(`${server.label}: still busy after ten minutes`);
    await sleep(1000);
    const now = cpuMs(nodeProcesses(server.pid));
    quiet = now - last < 50 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * Waits until the retention run the server started is recorded done and its processes used under 5 % of a core for
 * 3 s in a row (the other workers' first passes over too); how long that took, its CPU since it started, its RSS then,
 * and what the retention run removed (its log line, at LOG_LEVEL info).
 */
export async function settle(server: ShopServer): Promise<{ seconds: number; cpuSeconds: number; idleMb: number; retention: string }> {
  const db = createDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: server.url, DATA_DIR: os.tmpdir() }).database);
  const began = Date.now();
  try {
    for (;;) {
      if (Date.now() - began > 60 * 60_000) throw new Error(`${server.label}: still busy after an hour`);
      const run = await db.selectFrom('retention_runs').select(['last_run_at', 'lease_until']).where('name', '=', 'retention').executeTakeFirst();
      if (run?.last_run_at != null && run.lease_until === null) break;
      await sleep(1000);
    }
  } finally {
    await db.destroy();
  }
  await waitIdle(server);
  const line = fs
    .readFileSync(server.log, 'utf8')
    .split('\n')
    .find((text) => text.includes('"retention run"'));
  const removed = line ? (JSON.parse(line) as { removed?: unknown }).removed : undefined;
  return {
    seconds: (Date.now() - began) / 1000,
    cpuSeconds: cpuMs(nodeProcesses(server.pid)) / 1000,
    idleMb: residentMb(nodeProcesses(server.pid)),
    retention: removed ? `retention removed ${JSON.stringify(removed)}` : 'no retention run in the log',
  };
}
