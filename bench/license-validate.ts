// Licence validation benchmark (docs/design.md section 9): with 10,000 licences in the database, 50 concurrent
// connections, validation throughput must be at least half of the same server's /api/health in the same
// run, and its p99 under 20 ms.
// Run: npx tsx bench/license-validate.ts   (starts its own server on a free port with a temp DATA_DIR;
// BENCH_SECONDS sets each phase's total length, default 20, split into 4 alternating rounds;
// DATABASE_URL=postgres://… benchmarks PostgreSQL in a temporary schema of that database)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { createDatabase, type DatabaseTarget } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { generateLicenseKey } from '../common/license-key.js';

const LICENSES = 10_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = 4;
const PLUGIN = 'postcode-delivery-zones';

interface PhaseResult {
  name: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Fills the database before the server starts: 10,000 licences, each active on one site already checked today (the steady state: one verification write per site per day). */
async function seed(target: DatabaseTarget): Promise<string[]> {
  const db = createDatabase(target);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const keys = Array.from({ length: LICENSES }, () => generateLicenseKey());
  for (let start = 0; start < LICENSES; start += 500) {
    const batch = keys.slice(start, start + 500);
    const rows = await db
      .insertInto('licenses')
      .values(
        batch.map((key) => ({
          key,
          plugin_slug: PLUGIN,
          plan: 'lifetime',
          status: 'active',
          max_activations: 3,
          expires_at: null,
          customer_email: null,
          order_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'key'])
      .execute();
    await db
      .insertInto('license_activations')
      .values(
        rows.map((row) => ({
          license_id: row.id,
          site_url: `site-${row.key.toLowerCase()}.com`,
          is_local: 0,
          environment: null,
          created_at: now,
          last_checked_at: now,
        })),
      )
      .execute();
  }
  // The public API's per-IP limit (the Settings maximum) must not cut the run short.
  await db.deleteFrom('settings').where('key', '=', 'rate_limit_per_minute').execute();
  await db
    .insertInto('settings')
    .values({ key: 'rate_limit_per_minute', value: JSON.stringify(100_000), updated_at: now })
    .execute();
  await db.destroy();
  return keys;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** 50 keep-alive connections, each sending its next request as soon as the previous answer arrives. */
async function runPhase(
  name: string,
  port: number,
  makeRequest: (i: number) => { method: string; path: string; body?: string },
  seconds = SECONDS,
): Promise<PhaseResult & { latencies: number[]; elapsed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = (connection: number) =>
    new Promise<void>((resolve) => {
      const { method, path: urlPath, body } = makeRequest(counter++);
      const started = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: urlPath,
          agent,
          // Each connection is a different WordPress site, as in production.
          headers: {
            'x-forwarded-for': `198.51.100.${connection + 1}`,
            ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            if (response.statusCode !== 200) errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      while (performance.now() < deadline) await one(connection);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
    elapsed,
  };
}

function combine(rounds: Array<PhaseResult & { latencies?: number[]; elapsed?: number }>): PhaseResult {
  const latencies = rounds.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
  const elapsed = rounds.reduce((sum, r) => sum + (r.elapsed ?? 0), 0);
  return {
    name: rounds[0]?.name ?? '',
    requests: latencies.length,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/api/health' }, (r) => (r.resume(), resolve(r.statusCode === 200))).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-bench-validate-'));
  const dataDir = path.join(root, 'data');
  const databaseUrl = process.env.DATABASE_URL ?? '';
  // PostgreSQL runs in a schema of its own, dropped afterwards; the server reaches it through search_path.
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const onPostgres = databaseUrl.startsWith('postgres');
  const target: DatabaseTarget = onPostgres
    ? { dialect: 'postgres', url: databaseUrl, schema }
    : { dialect: 'sqlite', file: path.join(dataDir, 'licensing.sqlite') };
  // The server's connections carry this name, so the bench can find their backends' CPU time.
  const applicationName = `pls-bench-${schema}`;
  const serverDatabaseUrl = onPostgres ? withSearchPath(databaseUrl, schema, applicationName) : '';
  if (onPostgres) await postgresAdmin(databaseUrl, `create schema ${schema}`);
  console.log(`seeding ${LICENSES} licences…`);
  const keys = await seed(target);
  const port = 23_000 + Math.floor(Math.random() * 10_000);
  const server = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(root, 'no-web'),
      NODE_ENV: 'production',
      DATABASE_URL: serverDatabaseUrl,
    },
  });
  try {
    await waitForHealth(port);
    const validateBody = (i: number) => {
      const key = keys[(i * 7919) % keys.length] ?? '';
      return JSON.stringify({ license_key: key, site_url: `https://site-${key.toLowerCase()}.com`, plugin_slug: PLUGIN });
    };
    // Warm-up: JIT, statement cache, and each site's once-a-day verification write happen before measuring.
    await runPhase('warm-up', port, (i) => ({ method: 'POST', path: '/api/v1/licenses/validate', body: validateBody(i) }), 5);
    // The machines are shared and noisy: alternate short rounds of each so both see the same background load.
    const healthRounds: PhaseResult[] = [];
    const validateRounds: PhaseResult[] = [];
    // CPU time the server process and (PostgreSQL) its database backends spent during the validate rounds.
    const cpu = { server: 0, database: 0 };
    const backends = onPostgres ? await backendPids(databaseUrl, applicationName) : [];
    for (let round = 0; round < ROUNDS; round++) {
      healthRounds.push(await runPhase('GET /api/health', port, () => ({ method: 'GET', path: '/api/health' }), SECONDS / ROUNDS));
      const before = { server: cpuMs([server.pid ?? 0]), database: cpuMs(backends) };
      validateRounds.push(
        await runPhase(
          'POST /api/v1/licenses/validate',
          port,
          (i) => ({ method: 'POST', path: '/api/v1/licenses/validate', body: validateBody(i) }),
          SECONDS / ROUNDS,
        ),
      );
      cpu.server += cpuMs([server.pid ?? 0]) - before.server;
      cpu.database += cpuMs(backends) - before.database;
    }
    const health = combine(healthRounds);
    const validate = combine(validateRounds);
    const ratio = validate.perSecond / health.perSecond;
    console.log(
      `\n${target.dialect}, ${LICENSES} licences, ${CONNECTIONS} connections, ${SECONDS} s per phase in ${ROUNDS} alternating rounds, ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    console.log('phase                               req/s     p50 ms   p99 ms   requests  non-200');
    for (const r of [health, validate]) {
      console.log(
        `${r.name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(8)} ${String(r.requests).padStart(10)} ${String(r.errors).padStart(8)}`,
      );
    }
    const perRequest = (ms: number) => ((ms * 1000) / validate.requests).toFixed(0);
    console.log(
      `CPU per validation: server ${perRequest(cpu.server)} µs${onPostgres ? `, database backends ${perRequest(cpu.database)} µs (${backends.length} connections)` : ''}`,
    );
    const passes = ratio >= 0.5 && validate.p99 < 20 && validate.errors === 0;
    console.log(
      `\nvalidate/health throughput ratio ${ratio.toFixed(2)} (bar ≥ 0.50); validate p99 ${validate.p99.toFixed(2)} ms (bar < 20 ms): ${passes ? 'PASS' : 'FAIL'}`,
    );
    process.exitCode = passes ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(root, { recursive: true, force: true });
    if (onPostgres) await postgresAdmin(databaseUrl, `drop schema if exists ${schema} cascade`);
  }
}

function withSearchPath(url: string, schema: string, applicationName: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

/** The process ids of the PostgreSQL backends serving the server (the database runs on this machine). */
async function backendPids(url: string, applicationName: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [applicationName]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** User + system CPU milliseconds of these processes so far, from /proc (Linux); 0 for one that is gone. */
function cpuMs(pids: number[]): number {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended
    }
  }
  return ticks / ticksPerMs;
}

async function postgresAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await main();
