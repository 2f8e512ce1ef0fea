import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { createDatabase } from './db/database.js';
import { openDatabase } from './startup.js';
import { redactSecrets } from './lib/redact.js';
import { isTestProviderLive } from './modules/checkout/index.js';
import { workerPoolSize } from './workers.js';
import { limitHeapGrowth } from './heap-growth.js';

limitHeapGrowth();

// A worker that dies after it was serving is started again at once (issue 37: the others keep answering, and the
// port has its full count again within a second). One that dies before it listens (a crash loop, e.g. the
// database is down) is started again after 1 s, doubling up to 30 s, back to 1 s once one has run 30 s.
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const HEALTHY_AFTER_MS = 30_000;
const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * What happens once per start, before anything listens: migrations and the demo seed (under their lock,
 * server/db/migrate.ts), the demo release, the admin password (printed once when generated).
 */
async function prepare(config: Config) {
  const db = await openDatabase(config);
  const { app, ctx } = await buildApp({ config, db });
  if (config.SEED_DEMO) await (await import('./modules/releases/index.js')).seedDemoRelease(ctx);
  const { generated } = await ctx.auth.ensureAdminPassword(config.ADMIN_PASSWORD);
  if (generated) {
    // Printed once, on the first start; only its hash is stored.
    console.log(`\n  Admin password (shown once, save it now): ${generated}\n  Change it later with: npm run admin:password\n`);
  }
  return { db, app, ctx };
}

/** Listens until SIGINT/SIGTERM, then closes the app and the database. */
async function serve(config: Config, startedAt: number, built: Awaited<ReturnType<typeof prepare>>): Promise<void> {
  const { db, app, ctx } = built;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS);
    timer.unref();
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: config.database.dialect, ms: Date.now() - startedAt, ...(cluster.isWorker ? { worker: cluster.worker?.id } : { workers: 1 }) },
    'ready',
  );
  // One process: say why (with several, the primary says it when it starts them).
  if (!cluster.isWorker) app.log.info({ workers: 1 }, `one process: ${config.workersReason}`);
  if (isTestProviderLive(ctx) && !cluster.isWorker) {
    app.log.warn(
      'TEST MODE: the built-in test payments are live (card 4242 4242 4242 4242 gets a licence free). Configure Stripe or Lemon Squeezy (docs/checkout.md), or set PAYMENTS_TEST_MODE=false.',
    );
  }
}

/** A worker: the primary has migrated and seeded; build the app on the database and share the port. */
async function runWorker(config: Config, startedAt: number): Promise<void> {
  process.umask(0o077); // as secureDataDir does in the primary: files this worker writes are owner-only
  // On PostgreSQL the workers share one instance's worth of pool connections (server/workers.ts).
  const db = createDatabase(config.database.dialect === 'postgres' ? { ...config.database, poolSize: workerPoolSize(config.WORKERS) } : config.database);
  const { app, ctx } = await buildApp({ config, db });
  await serve(config, startedAt, { db, app, ctx });
}

/**
 * WORKERS > 1: the primary prepares once, then forks the workers, which listen on the same port (node:cluster
 * hands connections out in turn). It restarts a worker that dies, and on SIGINT/SIGTERM stops them all.
 */
async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.LOG_LEVEL, hooks: { streamWrite: redactSecrets } });
  const prepared = await prepare(config);
  const testModeLive = isTestProviderLive(prepared.ctx);
  await prepared.app.close();
  await prepared.db.destroy();

  const startedAt = new Map<number, number>(); // live workers: id → start time
  const listening = new Set<number>(); // live workers that have served
  let nextDelay = RESTART_FIRST_MS;
  let stopping = false;
  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.once('listening', () => listening.add(worker.id));
  };
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    const served = listening.delete(worker.id);
    startedAt.delete(worker.id);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    if (lived >= HEALTHY_AFTER_MS) nextDelay = RESTART_FIRST_MS;
    const delay = served ? 0 : nextDelay;
    if (!served) nextDelay = Math.min(nextDelay * 2, RESTART_MAX_MS);
    log.error({ worker: worker.id, pid: worker.process.pid, code, signal, restartInMs: delay }, 'worker died; starting another');
    setTimeout(fork, delay);
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: startedAt.size }, 'stopping the workers');
    if (startedAt.size === 0) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // Each worker gives itself as long to close; past that (plus a second) they are killed.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS + 1_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < config.WORKERS; i++) fork();
  log.info({ workers: config.WORKERS, port: config.PORT }, `primary started the workers: ${config.workersReason}`);
  if (testModeLive) {
    log.warn(
      'TEST MODE: the built-in test payments are live (card 4242 4242 4242 4242 gets a licence free). Configure Stripe or Lemon Squeezy (docs/checkout.md), or set PAYMENTS_TEST_MODE=false.',
    );
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  if (cluster.isWorker) return runWorker(config, startedAt);
  if (config.WORKERS > 1) return runPrimary(config);
  return serve(config, startedAt, await prepare(config));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
