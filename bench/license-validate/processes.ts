// What bench/license-validate.ts reads of the server's processes, from /proc (Linux): the process tree, resident
// memory, CPU time, and the server's log (JSON lines and V8's `--trace-gc` pauses).
import fs from 'node:fs';
import { rssMb as processRssMb } from '../bench-server.js';

/** The server's process and its node children (the cluster's workers; not tsx's esbuild service), from /proc (Linux). */
export function processTree(pid: number): number[] {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    const isNode = (child: number) => {
      try {
        return fs.readFileSync(`/proc/${child}/comm`, 'utf8').trim() === 'node';
      } catch {
        return false;
      }
    };
    return [pid, ...children.filter(isNode).flatMap(processTree)];
  } catch {
    return [];
  }
}

/** Resident memory of these processes together, in MB. */
export function rssMb(pids: number[]): number {
  let mb = 0;
  for (const pid of pids) {
    try {
      mb += processRssMb(pid);
    } catch {
      // the process ended
    }
  }
  return mb;
}

/** The file's text from a byte offset on. */
const readFrom = (file: string, offset: number): string => fs.readFileSync(file).subarray(offset).toString('utf8');

/** The server's JSON log lines (pino's) written since the offset; V8's `--trace-gc` lines are not counted. */
export function countLogLines(file: string, offset: number): number {
  return readFrom(file, offset)
    .split('\n')
    .filter((line) => line.startsWith('{')).length;
}

/** With `BENCH_NODE_ARGS=--trace-gc` the server's log holds V8's GC lines: their count, total and longest pause. */
export function gcSummary(file: string, offset: number): string {
  const pauses = { Scavenge: [] as number[], 'Mark-Compact': [] as number[], other: [] as number[] };
  for (const line of readFrom(file, offset).split('\n')) {
    const match = / ms: (Scavenge|Mark-Compact|[A-Za-z-]+) [^,]*MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ ([\d.]+) ms/.exec(line);
    if (!match) continue;
    const kind = match[1] === 'Scavenge' || match[1] === 'Mark-Compact' ? match[1] : 'other';
    pauses[kind].push(Number(match[2]));
  }
  return Object.entries(pauses)
    .filter(([, list]) => list.length > 0)
    .map(
      ([kind, list]) => `GC ${kind}: ${list.length} pauses, total ${list.reduce((a, b) => a + b, 0).toFixed(0)} ms, longest ${Math.max(...list).toFixed(1)} ms`,
    )
    .join('; ');
}

/** User + system CPU milliseconds of each of these processes so far, from /proc (Linux); none for one that is gone. */
export function cpuMsByPid(pids: number[]): Map<number, number> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const spent = new Map<number, number>();
  for (const pid of pids) {
    try {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      spent.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // the process ended
    }
  }
  return spent;
}

export const cpuMs = (pids: number[]): number => [...cpuMsByPid(pids).values()].reduce((sum, ms) => sum + ms, 0);

/** CPU milliseconds spent since `before` by the processes still there (a pool may close an idle connection meanwhile). */
export function cpuMsSince(before: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of cpuMsByPid([...before.keys()])) spent += ms - (before.get(pid) ?? ms);
  return spent;
}
