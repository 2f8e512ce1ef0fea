// The server's CPU per answer of one kind of licence call on one shop, alone (issue 44): a copy of the shop, keys
// drawn as bench/bigshop-check.ts draws them, the real server started on the copy and settled, every key validated
// once (each site's daily verification write happens then), then `SECS` seconds (default 15) of one call at 50
// connections; prints the rate, the answers' times at several percentiles and the CPU per answer. For trying a
// change quickly, and for profiling one call's cost: with BENCH_NODE_ARGS="--import ./bench/profile-on-signal.mjs"
// the measured stretch alone is profiled (BENCH_PROFILE_DIR says where the file goes; bench/profile-summary.mjs
// reads it):
//
//   npx tsx bench/check-cpu.ts postgres://postgres@127.0.0.1:5432/bigshop_10000 edd|validate|health
import { randomInt } from 'node:crypto';
import { drive, percentile, cpuMs, nodeProcesses, cpuMsOfAllNamed, type Prepared } from './check-load.js';
import { checkRequests, copyShop, drawKeys, startServer, settle, waitIdle } from './check-shop.js';
const url = process.argv[2];
const kind = process.argv[3] ?? 'edd';
if (!url || !['edd', 'validate', 'health'].includes(kind)) throw new Error('usage: npx tsx bench/check-cpu.ts SHOP_URL [edd|validate|health]');
const copy = await copyShop(url, `cpu${randomInt(1e6)}`);
try {
  const drawn = await drawKeys(copy.url, 5000, randomInt);
  const { validate, edd } = checkRequests(drawn.keys);
  const server = await startServer(copy.url, url);
  await settle(server);
  await drive(server.port, validate, '"valid":true', 600, 50, validate.length);
  await waitIdle(server);
  const reqs = kind === 'edd' ? edd : kind === 'health' ? [{ method: 'GET', path: '/api/health' } as Prepared] : validate;
  const expect = kind === 'edd' ? '"license":"valid"' : kind === 'health' ? '' : '"valid":true';
  const profiling = process.env.BENCH_NODE_ARGS?.includes('profile-on-signal') ?? false;
  if (profiling) process.kill(server.pid, 'SIGUSR2');
  const processes = nodeProcesses(server.pid);
  const onPostgres = url.startsWith('postgres');
  const database = () => (onPostgres ? cpuMsOfAllNamed('postgres') : 0);
  const before = [cpuMs(processes), cpuMs(processes, 'system'), database()];
  const run = await drive(server.port, reqs, expect, Number(process.env.SECS ?? 15), 50);
  const [cpu, system, databaseCpu] = [cpuMs(processes), cpuMs(processes, 'system'), database()].map((ms, i) => ms - before[i]!) as [number, number, number];
  if (profiling) {
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the profile is written
  }
  const each = (ms: number) => ((ms * 1000) / run.good.length).toFixed(0);
  const sorted = [...run.good].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(2);
  console.log(`ms at p50 ${at(0.5)}, p90 ${at(0.9)}, p95 ${at(0.95)}, p99 ${at(0.99)}, p99.9 ${at(0.999)}, max ${at(1)}`);
  console.log(
    `${kind}: ${run.good.length} good, ${run.bad} bad, ${Math.round(run.good.length / run.seconds)} a second, p99 ${at(0.99)} ms; server ${each(cpu)} µs CPU each (${each(system)} in the kernel)` +
      (onPostgres ? `; PostgreSQL's processes ${each(databaseCpu)} µs each` : ''),
  );
  await server.stop();
} finally {
  await copy.drop();
}
