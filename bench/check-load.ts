// The load side of bench/bigshop-check.ts: keep-alive connections that each send their next request as soon as the
// previous answer is in, for a fixed time, counting only the answers that say what they should (a run of refusals
// or errors is not a throughput); and what a server's processes use, read from /proc (Linux).
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Prepared {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  contentType?: string;
}

export interface Phase {
  /** Answers that were 200 and carried `expect` (every 200 when it is empty), with their times in ms. */
  good: number[];
  /** Anything else: another status, an answer without the expected text, a socket error. */
  bad: number;
  /** The first bad answer's status and start, to say what went wrong. */
  firstBad: string;
  seconds: number;
  /** The server's CPU (its processes, user + system) while the phase ran, in ms, when the caller measured it. */
  serverCpuMs?: number;
}

/**
 * `connections` keep-alive connections, each a different client address (X-Forwarded-For from loopback, which the
 * server's default TRUST_PROXY believes), sending `requests[i]` in turn for `seconds`, or until `limit` are sent.
 */
export async function drive(
  port: number,
  requests: readonly Prepared[],
  expect: string,
  seconds: number,
  connections: number,
  limit = Infinity,
): Promise<Phase> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const phase: Phase = { good: [], bad: 0, firstBad: '', seconds: 0 };
  let next = 0;
  const began = performance.now();
  const until = began + seconds * 1000;
  const send = (client: string) =>
    new Promise<void>((resolve) => {
      const one = requests[next++ % requests.length]!;
      const at = performance.now();
      const headers: http.OutgoingHttpHeaders = { 'x-forwarded-for': client };
      if (one.body !== undefined) {
        headers['content-type'] = one.contentType ?? 'application/json';
        headers['content-length'] = Buffer.byteLength(one.body);
      }
      const failed = (what: string) => {
        phase.bad += 1;
        phase.firstBad ||= what;
        resolve();
      };
      const request = http.request({ host: '127.0.0.1', port, method: one.method, path: one.path, agent, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          if (response.statusCode === 200 && (!expect || text.includes(expect))) {
            phase.good.push(performance.now() - at);
            resolve();
          } else failed(`${response.statusCode}: ${text.slice(0, 200)}`);
        });
      });
      request.on('error', (error) => failed(error.message));
      request.end(one.body);
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, n) => {
      const client = `198.51.100.${n + 1}`;
      while (performance.now() < until && next < limit) await send(client);
    }),
  );
  phase.seconds = (performance.now() - began) / 1000;
  agent.destroy();
  return phase;
}

export interface Summary {
  perSecond: number;
  p50: number;
  p99: number;
  good: number;
  bad: number;
  firstBad: string;
  /** Server CPU per good answer, in µs: steadier than throughput on a loaded machine. */
  cpuUs: number;
}

/** Rounds of one phase together: good answers a second over their whole time, and percentiles of all their times. */
/** The time at fraction `p` (0–1) of times sorted in ascending order; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

export function summarise(phases: readonly Phase[]): Summary {
  const times = phases.flatMap((phase) => phase.good).sort((a, b) => a - b);
  const at = (p: number) => percentile(times, p);
  const seconds = phases.reduce((sum, phase) => sum + phase.seconds, 0);
  return {
    perSecond: times.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    good: times.length,
    bad: phases.reduce((sum, phase) => sum + phase.bad, 0),
    firstBad: phases.find((phase) => phase.firstBad)?.firstBad ?? '',
    cpuUs: (phases.reduce((sum, phase) => sum + (phase.serverCpuMs ?? Number.NaN), 0) * 1000) / times.length,
  };
}

/** A process and its node descendants (the cluster's workers, not tsx's esbuild service). */
export function nodeProcesses(pid: number): number[] {
  let children: number[];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  const node = children.filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'node';
    } catch {
      return false;
    }
  });
  return [pid, ...node.flatMap(nodeProcesses)];
}

function procField(pid: number, file: 'status' | 'stat'): string {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** VmRSS of these processes together, in MB. */
export const residentMb = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => sum + Number(/VmRSS:\s+(\d+)/.exec(procField(pid, 'status'))?.[1] ?? 0), 0) / 1024;

/** User + system CPU of these processes so far, in ms (USER_HZ = 100); `system`: the kernel's part alone. */
export const cpuMs = (pids: readonly number[], part: 'all' | 'system' = 'all'): number =>
  pids.reduce((sum, pid) => {
    const fields = procField(pid, 'stat').split(') ')[1]?.split(' ') ?? [];
    return sum + ((part === 'all' ? Number(fields[11] ?? 0) : 0) + Number(fields[12] ?? 0)) * 10;
  }, 0);

/**
 * The CPU so far, in ms, of this machine's processes named `name` (e.g. 'postgres': the database server and its
 * backends), with that of their children that have ended (a backend whose connection closed counts in its parent's).
 */
export const cpuMsOfAllNamed = (name: string): number =>
  fs.readdirSync('/proc').reduce((sum, entry) => {
    const stat = /^\d+$/.test(entry) ? procField(Number(entry), 'stat') : '';
    if (!stat.startsWith(`${entry} (${name})`)) return sum;
    const fields = stat.split(') ')[1]!.split(' ');
    return sum + [11, 12, 13, 14].reduce((ticks, i) => ticks + Number(fields[i] ?? 0), 0) * 10;
  }, 0);

/** Samples the tree's VmRSS every 200 ms while `work` runs; its answer and the peak in MB. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = residentMb(nodeProcesses(pid));
  const timer = setInterval(() => (peakMb = Math.max(peakMb, residentMb(nodeProcesses(pid)))), 200);
  try {
    const result = await work();
    peakMb = Math.max(peakMb, residentMb(nodeProcesses(pid)));
    return { result, peakMb };
  } finally {
    clearInterval(timer);
  }
}
