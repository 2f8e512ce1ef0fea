// npx tsx bench/health-during.ts --shop <copy.sqlite | postgres://…/copy> --op backup|export [--out FILE] [--baseline-seconds 10] [--full-check]
// Issue 44: the shop keeps answering while it is backed up or exported. Starts a server on the shop (a COPY of a
// generated one, docs/big-shop.md: the server migrates it and its workers write to it), polls GET /api/health every
// 50 ms (one request at a time) for a baseline, then runs the operation and keeps polling until it ends:
//   backup  `node --import tsx server/cli/backup.ts <out> [--full-check]` in its own process (`npm run backup`)
//   export  `node --import tsx bench/export-shop.ts <out>` in its own process (writeShopExport, what the admin's
//           download streams as it reads: server/modules/importers/import.routes.ts)
// Prints health p50 / p99 / max before and during, the operation's wall time and CPU time (user + system, from
// /proc/<pid>/stat: the operation's process, and the server's during it), and peak RSS.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMs, rssMb, sleep, startBenchServer } from './bench-server.js';

const { values } = parseArgs({
  options: {
    shop: { type: 'string' },
    op: { type: 'string', default: 'backup' },
    out: { type: 'string' },
    'baseline-seconds': { type: 'string', default: '10' },
    'full-check': { type: 'boolean', default: false },
  },
});
// A PostgreSQL shop is named by its URL (a copy: `createdb -T bigshop_N copy`); its backup is pg_dump's.
const onPostgres = /^postgres(ql)?:/.test(values.shop ?? '');
const shop = values.shop && !onPostgres ? path.resolve(values.shop) : (values.shop ?? '');
if (!shop || (!onPostgres && !fs.existsSync(shop)) || (values.op !== 'backup' && values.op !== 'export')) {
  console.error('Usage: npx tsx bench/health-during.ts --shop <copy.sqlite | postgres://…/copy> --op backup|export [--out FILE]');
  process.exit(2);
}
const databaseUrl = onPostgres ? shop : `sqlite:${shop}`;
const base = onPostgres ? path.join(os.tmpdir(), `health-during-${new URL(shop).pathname.slice(1)}`) : shop;
const out = path.resolve(values.out ?? `${base}.${values.op === 'backup' ? (onPostgres ? 'backup.dump' : 'backup.sqlite') : 'export.json'}`);
const POLL_MS = 50;

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** Polls health every POLL_MS until `stop()`; answers the samples. */
function pollHealth(base: string): { samples: Sample[]; stop(): Promise<void> } {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${base}/api/health`).then(
        async (response) => (await response.arrayBuffer(), response.ok),
        () => false,
      );
      const ms = performance.now() - started;
      samples.push({ at: started, ms, ok });
      await sleep(Math.max(0, POLL_MS - ms));
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function describe(samples: Sample[]): string {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const failed = samples.filter((sample) => !sample.ok).length;
  return `${samples.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} / p99 ${percentile(sorted, 99).toFixed(1)} / max ${(sorted.at(-1) ?? 0).toFixed(1)} ms${failed ? `, ${failed} FAILED` : ''}`;
}

/** Samples a process's CPU time and RSS every 20 ms while it lives; the last sample is its total within 20 ms. */
function watch(pid: number): { stop(): { cpuMs: number; peakMb: number } } {
  let cpu = 0;
  let peak = 0;
  const timer = setInterval(() => {
    try {
      cpu = cpuMs(pid);
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process has ended
    }
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return { cpuMs: cpu, peakMb: peak };
    },
  };
}

/** Runs `node --import tsx <args>` on the shop in its own process; answers its CPU time and peak RSS. */
async function runTool(args: string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  const watched = watch(child.pid ?? 0);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const { cpuMs: cpu, peakMb } = watched.stop();
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}`);
  const size = fs.existsSync(out) ? `, file ${(fs.statSync(out).size / 1024 / 1024).toFixed(1)} MB` : '';
  return `its process CPU ${(cpu / 1000).toFixed(1)} s (user + system, process start included), peak RSS ${peakMb.toFixed(0)} MB${size}`;
}

async function main(): Promise<void> {
  if (fs.existsSync(out)) fs.rmSync(out);
  console.log(
    `shop ${shop}${onPostgres ? '' : ` (${(fs.statSync(shop).size / 1024 / 1024).toFixed(0)} MB)`}, op ${values.op}, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  const startedAt = performance.now();
  const server = await startBenchServer('health-during', { env: { DATABASE_URL: databaseUrl }, startSeconds: 1800 });
  console.log(`server up (migrations included) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  const poll = pollHealth(server.base);
  try {
    await sleep(Number(values['baseline-seconds']) * 1000);
    const opStart = performance.now();
    const serverCpuBefore = cpuMs(server.pid);
    const serverWatch = watch(server.pid);
    const detail = await runTool(
      values.op === 'backup' ? ['server/cli/backup.ts', out, ...(values['full-check'] ? ['--full-check'] : [])] : ['bench/export-shop.ts', out],
    );
    const opEnd = performance.now();
    const serverCpu = cpuMs(server.pid) - serverCpuBefore;
    const serverPeak = serverWatch.stop().peakMb;
    await sleep(2000);
    await poll.stop();
    console.log(`${values.op}: ${((opEnd - opStart) / 1000).toFixed(1)} s wall; ${detail}`);
    console.log(`server during it: CPU ${(serverCpu / 1000).toFixed(1)} s, peak RSS ${serverPeak.toFixed(0)} MB`);
    console.log(`health before: ${describe(poll.samples.filter((sample) => sample.at < opStart))}`);
    console.log(`health during: ${describe(poll.samples.filter((sample) => sample.at >= opStart && sample.at < opEnd))}`);
    console.log(`load average after: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  } finally {
    await poll.stop();
    await server.stop();
  }
}

await main();
