// How many processes serve the port (node:cluster, server/main.ts; docs/deploy.md). A production start uses
// every core but one: the last core is left to what shares the machine with the server (the TLS proxy in front,
// PostgreSQL or Redis on one box, the OS). Measured on 2 cores with the load on the same machine (bench/README.md,
// issue 30, 2026-11-26): one process answered 17,800–18,500 validations a second, two workers 14,000–14,500, so
// a worker per core lost to one process there. One worker measured 100–185 MB resident under load.
import os from 'node:os';

/** Resident memory budgeted per worker: about twice what one uses under load (an upload or an image resize on top). */
export const MEMORY_PER_WORKER_BYTES = 256 * 1024 * 1024;
/** Workers get at most half the memory: the rest is the system's, the page cache's and (on one box) the database's. */
const MEMORY_SHARE = 0.5;
/**
 * On PostgreSQL each process holds its own connections (docs/deploy.md, "Redis and PostgreSQL connections"), so
 * `auto` stops at 4: with the pool shared out (workerPoolSize) that is at most 4 × (3 + 3) = 24 per instance, well
 * under the default `max_connections` of 100 even with several instances.
 */
export const POSTGRES_AUTO_MAX = 4;
/** Kysely's pool of one process; with several workers on PostgreSQL they share it out (workerPoolSize). */
export const POOL_SIZE = 10;

export interface WorkerChoice {
  workers: number;
  /** One line saying what decided it, printed at start. */
  reason: string;
}

export interface MachineFacts {
  cores: number;
  /** Memory the process may use: the cgroup's limit when there is one, else the machine's. */
  memoryBytes: number;
}

export function machineFacts(): MachineFacts {
  const total = os.totalmem();
  // Node ≥ 20 reports a container's memory limit (0 or a huge number without one).
  const constrained = process.constrainedMemory?.() ?? 0;
  return { cores: os.availableParallelism(), memoryBytes: constrained > 0 && constrained < total ? constrained : total };
}

/**
 * `WORKERS` unset: `auto` in production, 1 in development and test (`npm run dev` restarts on change, the test
 * servers count on one process). `auto`: one per core but one (at least 1), at most one per 512 MB of memory (MEMORY_PER_WORKER_BYTES
 * for half of it), at most POSTGRES_AUTO_MAX on PostgreSQL; 1 means no cluster at all.
 */
export function chooseWorkers(
  setting: string | undefined,
  nodeEnv: string,
  dialect: 'sqlite' | 'postgres',
  facts: MachineFacts = machineFacts(),
): WorkerChoice {
  const value = setting ?? (nodeEnv === 'production' ? 'auto' : '1');
  if (value !== 'auto') {
    const workers = Number(value);
    return { workers, reason: setting === undefined ? `WORKERS unset (NODE_ENV=${nodeEnv}): 1 process` : `WORKERS=${workers}` };
  }
  const byMemory = Math.max(1, Math.floor((facts.memoryBytes * MEMORY_SHARE) / MEMORY_PER_WORKER_BYTES));
  const byDatabase = dialect === 'postgres' ? POSTGRES_AUTO_MAX : Infinity;
  const workers = Math.max(1, Math.min(facts.cores - 1, byMemory, byDatabase));
  const limits = [`${facts.cores} cores, one left to the rest of the machine`, `${(facts.memoryBytes / 1024 ** 3).toFixed(1)} GB memory allows ${byMemory}`];
  if (dialect === 'postgres') limits.push(`PostgreSQL allows ${POSTGRES_AUTO_MAX}`);
  return { workers, reason: `WORKERS=${setting === undefined ? 'auto (the production default)' : 'auto'}: ${workers} (${limits.join(', ')})` };
}

/** Kysely's PostgreSQL pool in one of `workers` processes: the instance keeps about POOL_SIZE in all, at least 2 each. */
export const workerPoolSize = (workers: number): number => Math.max(2, Math.ceil(POOL_SIZE / workers));
