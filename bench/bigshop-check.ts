// The licence check on generated big shops (issue 44): validate and EDD's `check_license` at 1,000,000 licences
// against 10,000 in the same run. After `npm run bench:bigshop -- --licences N` for each size:
//
//   npx tsx bench/bigshop-check.ts --shop sqlite:/tmp/bigshop-10000.sqlite --shop sqlite:/tmp/bigshop-1000000.sqlite
//   npx tsx bench/bigshop-check.ts --shop postgres://postgres@127.0.0.1:5432/bigshop_10000 --shop postgres://…/bigshop_1000000
//
// Each shop is copied first (SQLite: the file; PostgreSQL: `create database … template …`), because the server
// writes (the sites' daily check, its workers) and the bench raises the per-IP rate limit and turns off the generated
// shop's unreachable webhook endpoint (whose deliveries would retry while measuring); the copies are removed at
// the end (`--no-copy` runs on the given shops themselves). On each copy it draws `--keys` licences (default 5,000)
// at random from the whole shop, keeping those that should validate (active, not expired within two days) with a
// site they are activated on, then starts the real server on it (a child process, NODE_ENV=production, as
// `npm start`; WORKERS and LOG_LEVEL pass through; BENCH_BUILT=1 runs the built server, `npm run build` first, without
// tsx's loader thread). A server started on a shop runs its workers: the retention run
// (docs/big-shop.md, "Retention") prunes a big shop for minutes. The bench waits until that run is recorded done and
// the server's CPU is idle, and prints how long that took, before any warm-up or measuring.
//
// Warm-up: every drawn key is validated once (each site's once-a-day verification write happens then), then
// `check_license` for 2 s; then the bench waits until the server is idle again (what those writes start is over).
// Measuring: BENCH_ROUNDS rounds (default 4) of BENCH_SECONDS / BENCH_ROUNDS each (default
// 20 s in all per phase and shop) of `GET /api/health`, `POST /api/v1/licenses/validate` (the WordPress client's JSON
// body) and `POST /` `edd_action=check_license` (EDD's updater: a form with `license`, `item_name` = urlencode(name),
// `url` = home_url()), the shops taking turns so all see the same machine, 50 connections. Only answers that are 200
// and valid count (`"valid":true`, `"license":"valid"`). Peak RSS: VmRSS of the server's processes, sampled every
// 200 ms while its phases run. Bars (issue 44), the first shop being A: throughput of each check ≥ 0.9 × A's,
// p99 ≤ 1.5 × the same shop's health p99, peak RSS ≤ 1.2 × A's. Exits 1 when one is missed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { cpuMs, drive, nodeProcesses, summarise, type Phase, type Prepared, type Summary, withPeakRss } from './check-load.js';
import { checkRequests, copyShop, drawKeys, startServer, settle, waitIdle, type ShopServer } from './check-shop.js';

const { values } = parseArgs({
  options: { shop: { type: 'string', multiple: true }, keys: { type: 'string', default: '5000' }, 'no-copy': { type: 'boolean', default: false } },
});
const urls = values.shop ?? [];
if (urls.length < 2) throw new Error('--shop URL at least twice: the first is A, the others are measured against it');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = 50;

interface Measured {
  server: ShopServer;
  licences: number;
  validate: Prepared[];
  edd: Prepared[];
  runs: { health: Phase[]; validate: Phase[]; edd: Phase[] };
  peakMb: number;
  idleMb: number;
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function prepare(url: string, copies: Array<() => Promise<void>>): Promise<Measured> {
  let target = url;
  if (!values['no-copy']) {
    const began = performance.now();
    const copy = await copyShop(url, randomBytes(4).toString('hex'));
    copies.push(copy.drop);
    target = copy.url;
    console.log(`${url}: copied in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  const drawn = await drawKeys(target, Number(values.keys), randomInt);
  console.log(`${url}: ${drawn.licences.toLocaleString('en-GB')} licences, ${drawn.keys.length.toLocaleString('en-GB')} keys drawn that should validate`);
  const { validate, edd } = checkRequests(drawn.keys);
  const server = await startServer(target, url);
  const settled = await settle(server);
  console.log(
    `${url}: server ${server.pid} settled in ${settled.seconds.toFixed(0)} s (${settled.cpuSeconds.toFixed(1)} s of CPU since it started; ${settled.retention})`,
  );
  return { server, licences: drawn.licences, validate, edd, runs: { health: [], validate: [], edd: [] }, peakMb: 0, idleMb: settled.idleMb };
}

const HEALTH: Prepared[] = [{ method: 'GET', path: '/api/health' }];
const VALID = '"valid":true';
const EDD_VALID = '"license":"valid"';

async function measure(shops: Measured[]): Promise<void> {
  for (const shop of shops) {
    const warm = await drive(shop.server.port, shop.validate, VALID, 600, CONNECTIONS, shop.validate.length);
    const eddWarm = await drive(shop.server.port, shop.edd, EDD_VALID, 2, CONNECTIONS);
    console.log(
      `${shop.server.label}: warm-up ${warm.good.length} valid / ${warm.bad} not (${warm.firstBad || 'none'}); check_license ${eddWarm.good.length} / ${eddWarm.bad}`,
    );
    if (warm.bad > 0 || eddWarm.bad > 0)
      throw new Error(`${shop.server.label}: the warm-up had answers that are not valid: ${warm.firstBad || eddWarm.firstBad}`);
  }
  // Whatever the warm-up's daily verifications start in the background runs now, not while measuring.
  for (const shop of shops) await waitIdle(shop.server);
  const seconds = SECONDS / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    for (const shop of round % 2 === 0 ? shops : [...shops].reverse()) {
      const { port, pid } = shop.server;
      const phase = async (kind: keyof Measured['runs'], requests: Prepared[], expect: string) => {
        const processes = nodeProcesses(pid);
        const before = cpuMs(processes);
        const run = await drive(port, requests, expect, seconds, CONNECTIONS);
        shop.runs[kind].push({ ...run, serverCpuMs: cpuMs(processes) - before });
      };
      const { peakMb } = await withPeakRss(pid, async () => {
        await phase('health', HEALTH, '');
        const checks = [() => phase('validate', shop.validate, VALID), () => phase('edd', shop.edd, EDD_VALID)];
        for (const check of round % 2 === 0 ? checks : checks.reverse()) await check();
      });
      shop.peakMb = Math.max(shop.peakMb, peakMb);
    }
  }
}

const fmt = (s: Summary) =>
  `${s.perSecond.toFixed(0).padStart(7)} ${s.p50.toFixed(2).padStart(8)} ${s.p99.toFixed(2).padStart(8)} ${s.cpuUs.toFixed(0).padStart(7)} ${String(s.good).padStart(9)} ${String(s.bad).padStart(6)}`;
const bar = (ok: boolean) => (ok ? 'met' : 'MISSED');

function report(shops: Measured[]): boolean {
  console.log(
    `\n${shops.length} shops, ${CONNECTIONS} connections, ${SECONDS} s per phase and shop in ${ROUNDS} alternating rounds, ${os.cpus().length} CPUs, load average ${load()}, Node ${process.version}`,
  );
  let passes = true;
  const summaries = shops.map((shop) => ({
    shop,
    health: summarise(shop.runs.health),
    validate: summarise(shop.runs.validate),
    edd: summarise(shop.runs.edd),
  }));
  const a = summaries[0]!;
  for (const s of summaries) {
    console.log(
      `\n[${s.shop.server.label}] ${s.shop.licences.toLocaleString('en-GB')} licences, ${s.shop.validate.length} keys; RSS idle ${s.shop.idleMb.toFixed(0)} MB, peak under load ${s.shop.peakMb.toFixed(0)} MB`,
    );
    console.log('phase                  req/s   p50 ms   p99 ms  CPU µs      good    bad');
    for (const [name, sum] of [
      ['GET /api/health', s.health],
      ['validate', s.validate],
      ['check_license', s.edd],
    ] as const) {
      console.log(`${name.padEnd(20)} ${fmt(sum)}${sum.bad ? `  first bad: ${sum.firstBad}` : ''}`);
    }
    const checks = [
      ['validate', s.validate, a.validate],
      ['check_license', s.edd, a.edd],
    ] as const;
    for (const [name, sum, ofA] of checks) {
      const p99 = sum.p99 / s.health.p99;
      const ok = p99 <= 1.5 && sum.bad === 0;
      passes &&= ok;
      const line = [`${name}: p99 ${p99.toFixed(2)} × health's (≤ 1.5) ${bar(ok)}`];
      if (s !== a) {
        const ratio = sum.perSecond / ofA.perSecond;
        passes &&= ratio >= 0.9;
        line.push(`throughput ${ratio.toFixed(2)} × A's (≥ 0.9) ${bar(ratio >= 0.9)}`);
        // Not bars: the same shop's health sets how fast the machine was; CPU per answer hardly depends on the load.
        const byHealth = sum.perSecond / s.health.perSecond / (ofA.perSecond / a.health.perSecond);
        line.push(`per health ${byHealth.toFixed(2)} × A's; server CPU per answer ${(sum.cpuUs / ofA.cpuUs).toFixed(2)} × A's`);
      }
      if (sum.bad > 0) line.push(`${sum.bad} answers not valid: MISSED`);
      console.log(line.join('; '));
    }
    if (s !== a) {
      const rss = s.shop.peakMb / a.shop.peakMb;
      passes &&= rss <= 1.2;
      console.log(`peak RSS ${rss.toFixed(2)} × A's (≤ 1.2) ${bar(rss <= 1.2)}`);
    }
  }
  return passes;
}

async function main(): Promise<void> {
  console.log(`load average ${load()} at ${new Date().toISOString()}`);
  const copies: Array<() => Promise<void>> = [];
  const shops: Measured[] = [];
  try {
    for (const url of urls) shops.push(await prepare(url, copies));
    await measure(shops);
    process.exitCode = report(shops) ? 0 : 1;
  } finally {
    for (const shop of shops) await shop.server.stop();
    for (const drop of copies) await drop();
    if (process.env.BENCH_KEEP_LOGS !== '1') for (const shop of shops) fs.rmSync(path.dirname(shop.server.log), { recursive: true, force: true });
  }
}

await main();
