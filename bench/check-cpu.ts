// The server's CPU per answer of one kind of licence call on one shop, alone (issue 44): a copy of the shop, keys
// drawn as bench/bigshop-check.ts draws them, the real server started on the copy and settled, every key validated
// once (each site's daily verification write happens then), then `SECS` seconds (default 15) of one call at 50
// connections. For profiling one call's cost (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-interval=2000
// --cpu-prof-dir=DIR"; a finer interval keeps the server from ever looking idle) and for trying a change quickly:
//
//   npx tsx bench/check-cpu.ts postgres://postgres@127.0.0.1:5432/bigshop_10000 edd|validate|health
import { randomInt } from 'node:crypto';
import { drive, cpuMs, nodeProcesses, type Prepared } from './check-load.js';
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
  const before = cpuMs(nodeProcesses(server.pid));
  const run = await drive(server.port, reqs, expect, Number(process.env.SECS ?? 15), 50);
  const cpu = cpuMs(nodeProcesses(server.pid)) - before;
  console.log(kind, run.good.length, 'good', run.bad, 'bad', ((cpu * 1000) / run.good.length).toFixed(0), 'µs CPU each');
  await server.stop();
} finally {
  await copy.drop();
}
