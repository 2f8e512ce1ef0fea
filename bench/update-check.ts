// The update check before and after issue 29 (channels, staged rollouts, rollback offers, the deactivation
// question): does choosing the release per site cost anything? Three servers (bench/bench-server.ts, SQLite, one
// process each): BEFORE runs a `git worktree` of commit 6e4be1d (the last commit before rollouts, made here in a
// temp folder, node_modules linked); SAME-DATA and AFTER run this checkout. Each gets the plugin's releases 1.8.0
// and 1.9.0 and a licence activated on one site; AFTER also carries what issue 29 adds to the path: 1.9.0 at a
// 50 % rollout (the site is inside it, so all three answer 1.9.0 with a download_url), a beta 2.0.0 the site does
// not follow, and the deactivation question on. So SAME-DATA against BEFORE is the code's difference on equal data,
// AFTER against BEFORE what a vendor using the features sees. CONNECTIONS keep-alive connections POST the
// WordPress client's update check (JSON: licence key, site, versions) back to back, one server at a time, in
// ROUNDS rotating rounds, so a busy machine weighs on all alike. Besides throughput and latency it reports each
// server's CPU time per request (/proc/<pid>/stat), which a shared machine sways far less; and for each figure
// the median of the per-round ratios (each round against the BEFORE round next to it in time).
//
// Run: npx tsx bench/update-check.ts   (BENCH_SECONDS per server, default 30, in BENCH_ROUNDS rounds, default 10;
// BENCH_BEFORE=<commit>)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { makePluginZip } from '../server/test/release-test-helpers.js';
import { cpuMs, startBenchServer, type BenchServer } from './bench-server.js';

const BEFORE = process.env.BENCH_BEFORE ?? '6e4be1d';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const CONNECTIONS = 10;
const SLUG = 'postcode-delivery-zones';
const SITE = 'https://bench-site.example.com';

interface Phase {
  latencies: number[];
  errors: number;
  seconds: number;
  /** CPU time the server process spent in the round (user + system, /proc/<pid>/stat), ms. */
  cpuMs: number;
}

const median = (sorted: number[]): number =>
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function json(server: BenchServer, method: string, url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...server.admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The same data on both servers; AFTER adds what issue 29 reads on the path. Answers the update check's JSON body. */
async function prepare(server: BenchServer, after: boolean): Promise<string> {
  await json(server, 'PUT', '/api/admin/settings', { rate_limit_per_minute: 100_000, ...(after ? { deactivation_survey_enabled: true } : {}) });
  for (const version of ['1.8.0', '1.9.0', ...(after ? ['2.0.0'] : [])]) {
    const zip = path.join(server.root, `${version}.zip`);
    fs.writeFileSync(zip, await makePluginZip(SLUG, version));
    const answer = await server.upload(SLUG, version, zip);
    if (answer.status !== 201) throw new Error(`upload ${version}: ${answer.status} ${answer.text}`);
    const release = JSON.parse(answer.text) as { id: number };
    if (after && version === '1.9.0') await json(server, 'PATCH', `/api/admin/releases/${release.id}`, { rollout_percent: 50 });
    if (after && version === '2.0.0') await json(server, 'PATCH', `/api/admin/releases/${release.id}`, { channel: 'beta' });
  }
  const license = await json(server, 'POST', '/api/admin/licenses', { plugin_slug: SLUG, plan: 'lifetime', max_activations: 3 });
  await json(server, 'POST', '/api/v1/licenses/activate', { license_key: license.key, site_url: SITE, plugin_slug: SLUG });
  return JSON.stringify({ license_key: license.key, site_url: SITE, installed_version: '1.8.0', wp_version: '6.8.1', php_version: '8.2.12' });
}

/** CONNECTIONS keep-alive connections POSTing `body` back to back for `seconds`. */
async function load(server: BenchServer, body: string, seconds: number): Promise<Phase> {
  const port = server.port;
  const cpuBefore = cpuMs(server.pid);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = (connection: number) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/v1/plugins/${SLUG}/update`,
          agent,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${connection + 1}` },
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
    // Each connection is another site behind the loopback proxy (TRUST_PROXY's default), so the per-IP limit holds.
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      while (performance.now() < deadline) await one(connection);
    }),
  );
  agent.destroy();
  return { latencies, errors, seconds: (performance.now() - started) / 1000, cpuMs: cpuMs(server.pid) - cpuBefore };
}

function summary(name: string, phases: Phase[]): { rps: number; p50: number; p99: number; cpuUs: number } {
  const latencies = phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = phases.reduce((sum, p) => sum + p.seconds, 0);
  const errors = phases.reduce((sum, p) => sum + p.errors, 0);
  const cpuUs = (phases.reduce((sum, p) => sum + p.cpuMs, 0) * 1000) / latencies.length;
  const result = { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuUs };
  const perRound = phases.map((p) => (p.latencies.length / p.seconds).toFixed(0)).join(' / ');
  console.log(
    `  ${name.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s (rounds ${perRound})  p50 ${result.p50.toFixed(2)}  p99 ${result.p99.toFixed(2)} ms  CPU ${cpuUs.toFixed(0)} µs/request  non-200 ${errors}`,
  );
  return result;
}

const SERVERS = ['before', 'same-data', 'after'] as const;
type ServerName = (typeof SERVERS)[number];
const LABELS: Record<ServerName, string> = {
  before: `before (${BEFORE})`,
  'same-data': 'this checkout, same data as before',
  after: 'this checkout, rollout + beta + survey',
};

async function main(): Promise<void> {
  const worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-bench-before-'));
  execFileSync('git', ['worktree', 'add', '--detach', worktree, BEFORE], { stdio: 'ignore' });
  fs.symlinkSync(path.resolve('node_modules'), path.join(worktree, 'node_modules'));
  const started: BenchServer[] = [];
  try {
    const servers = {} as Record<ServerName, BenchServer>;
    const bodies = {} as Record<ServerName, string>;
    for (const name of SERVERS) {
      const server = await startBenchServer(`update-${name}`, name === 'before' ? { cwd: worktree } : {});
      started.push(server);
      servers[name] = server;
      bodies[name] = await prepare(server, name === 'after');
      const answer = await fetch(`${server.base}/api/v1/plugins/${SLUG}/update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodies[name],
      });
      const parsed = (await answer.json()) as { version: string; download_url?: string };
      if (answer.status !== 200 || parsed.version !== '1.9.0' || !parsed.download_url) throw new Error(`${name}: ${answer.status} ${JSON.stringify(parsed)}`);
      await load(server, bodies[name], 2);
    }
    const rounds = { before: [], 'same-data': [], after: [] } as Record<ServerName, Phase[]>;
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in another order, so none is always first after an idle spell.
      const order = SERVERS.map((_, i) => SERVERS[(i + round) % SERVERS.length]!);
      for (const name of order) rounds[name].push(await load(servers[name], bodies[name], SECONDS / ROUNDS));
    }
    console.log(`update check (POST, licensed site, download_url): ${CONNECTIONS} connections, ${SECONDS} s per server in ${ROUNDS} rotating rounds`);
    const results = Object.fromEntries(SERVERS.map((name) => [name, summary(LABELS[name], rounds[name])])) as Record<ServerName, ReturnType<typeof summary>>;
    const rate = (phase: Phase) => phase.latencies.length / phase.seconds;
    // CPU time per request: what one check costs the server, much less swayed by other processes than throughput.
    const cpuPer = (phase: Phase) => phase.cpuMs / Math.max(1, phase.latencies.length);
    for (const name of ['same-data', 'after'] as const) {
      const a = results[name];
      const b = results.before;
      const ratios = rounds[name].map((phase, i) => rate(phase) / rate(rounds.before[i]!)).sort((x, y) => x - y);
      const cpuRatios = rounds[name].map((phase, i) => cpuPer(phase) / cpuPer(rounds.before[i]!)).sort((x, y) => x - y);
      console.log(
        `${name}/before: throughput ${((a.rps / b.rps) * 100).toFixed(1)} % (median of round pairs ${(median(ratios) * 100).toFixed(1)} %), p50 ${((a.p50 / b.p50) * 100).toFixed(1)} %, p99 ${((a.p99 / b.p99) * 100).toFixed(1)} %, CPU per request ${((a.cpuUs / b.cpuUs) * 100).toFixed(1)} % (median of round pairs ${(median(cpuRatios) * 100).toFixed(1)} %)`,
      );
    }
  } finally {
    for (const server of started) await server.stop();
    execFileSync('git', ['worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
  }
}

await main();
