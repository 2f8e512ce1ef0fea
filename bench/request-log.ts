// What request logging costs a licence validation and a health check, in server CPU per request, without the
// network and the load generator that make bench/license-validate.ts's figures noisy on a shared machine.
// `npx tsx bench/request-log.ts [/path/to/older/checkout]`: builds the app (SQLite, one active licence) at log
// level info and warn, and with a second path the same from that checkout's server/app.ts (a git worktree of an
// older commit), logging to a file as a real deployment logs to journald; then runs `app.inject` requests in
// alternating rounds and prints the median CPU µs per request of each, with the log lines each wrote.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';

const REQUESTS = 4_000;
const ROUNDS = 9;
const SLUG = 'postcode-delivery-zones';
const SITE = 'https://shop.example.com';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Subject {
  name: string;
  key: string;
  inject: (request: { method: 'GET' | 'POST'; url: string; payload?: object }) => Promise<{ statusCode: number }>;
  logFile: string;
  close: () => Promise<void>;
}

async function subject(name: string, dir: string, level: string, root: string): Promise<Subject> {
  const load = async <T>(file: string) => (await import(path.join(dir, file))) as T;
  const { buildApp } = await load<typeof import('../server/app.js')>('server/app.ts');
  // Before issue 24 createLicense took the database; since, a context with the event bus (server/kernel/events.ts).
  const takesContext = fs.existsSync(path.join(dir, 'server/kernel/events.ts'));
  const { createLicense } = await load<typeof import('../server/modules/licenses/license-access.service.js')>(
    'server/modules/licenses/license-access.service.ts',
  );
  const { loadConfig } = await load<typeof import('../server/config.js')>('server/config.ts');
  const { createDatabase } = await load<typeof import('../server/db/database.js')>('server/db/database.ts');
  const { migrateToLatest } = await load<typeof import('../server/db/migrate.js')>('server/db/migrate.ts');
  const { seedDemoCatalog } = await load<typeof import('../server/db/seed.js')>('server/db/seed.ts');
  const dataDir = fs.mkdtempSync(path.join(root, 'data-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_PASSWORD: 'x'.repeat(12), LOG_LEVEL: level, WORKERS: '1' });
  const db = createDatabase(config.database as Parameters<typeof createDatabase>[0]);
  await migrateToLatest(db);
  await seedDemoCatalog(db);
  // The public API's per-IP limit (the Settings maximum) must not cut the run short.
  await db.deleteFrom('settings').where('key', '=', 'rate_limit_per_minute').execute();
  await db
    .insertInto('settings')
    .values({ key: 'rate_limit_per_minute', value: JSON.stringify(100_000), updated_at: new Date().toISOString() })
    .execute();
  const logFile = path.join(root, `${name.replace(/\W+/g, '-')}.log`);
  // Asynchronous writes to a file, as pino writes to stdout by default.
  const stream = pino.destination({ dest: logFile, sync: false });
  const { app, ctx } = await buildApp({ config, db, logger: { stream } });
  await app.ready();
  // One licence, active on the site, checked today: the steady state of bench/license-validate.ts.
  const { key } = await createLicense((takesContext ? ctx : db) as Parameters<typeof createLicense>[0], {
    pluginSlug: SLUG,
    plan: 'lifetime',
    maxActivations: 3,
  });
  const activated = await app.inject({ method: 'POST', url: '/api/v1/licenses/activate', payload: { license_key: key, site_url: SITE, plugin_slug: SLUG } });
  if (activated.statusCode !== 200) throw new Error(`${name}: activation answered ${activated.statusCode}`);
  return {
    name,
    key,
    inject: (request) => app.inject(request),
    logFile,
    close: async () => {
      await app.close();
      await db.destroy();
      stream.flushSync();
    },
  };
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-bench-request-log-'));
  const here = path.resolve(import.meta.dirname, '..');
  const older = process.argv[2] ? path.resolve(process.argv[2]) : null;
  const subjects = [
    ...(older ? [await subject('older build, info', older, 'info', root)] : []),
    await subject('this build, info', here, 'info', root),
    await subject('this build, warn', here, 'warn', root),
  ];
  const cpu = new Map(subjects.map((s) => [s.name, { validate: [] as number[], health: [] as number[] }]));
  const lines = new Map(subjects.map((s) => [s.name, 0]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of subjects) {
      const key = s.key;
      const before = fs.statSync(s.logFile).size;
      for (const kind of ['validate', 'health'] as const) {
        const request =
          kind === 'validate'
            ? { method: 'POST' as const, url: '/api/v1/licenses/validate', payload: { license_key: key, site_url: SITE, plugin_slug: SLUG } }
            : { method: 'GET' as const, url: '/api/health' };
        const start = process.cpuUsage();
        for (let i = 0; i < REQUESTS; i++) {
          const answer = await s.inject(request);
          if (answer.statusCode !== 200) throw new Error(`${s.name}: ${kind} answered ${answer.statusCode}`);
        }
        const used = process.cpuUsage(start);
        cpu.get(s.name)?.[kind].push((used.user + used.system) / REQUESTS);
      }
      if (round === ROUNDS - 1) lines.set(s.name, fs.statSync(s.logFile).size - before);
    }
  }
  console.log(`app.inject, ${REQUESTS} requests of each kind per round, ${ROUNDS} alternating rounds, load average ${os.loadavg()[0]?.toFixed(1)}`);
  console.log('subject                     validate µs   health µs   log bytes per request (last round)');
  for (const s of subjects) {
    const c = cpu.get(s.name);
    console.log(
      `${s.name.padEnd(26)} ${median(c?.validate ?? [])
        .toFixed(1)
        .padStart(11)} ${median(c?.health ?? [])
        .toFixed(1)
        .padStart(11)} ${((lines.get(s.name) ?? 0) / (2 * REQUESTS)).toFixed(0).padStart(12)}`,
    );
  }
  for (const s of subjects) await s.close();
  fs.rmSync(root, { recursive: true, force: true });
}

await main();
