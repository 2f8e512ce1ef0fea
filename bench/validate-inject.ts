// A licence validation's server CPU without the network and the load generator, which make
// bench/license-validate.ts's figures noisy on a shared machine: the database of that bench (10,000 licences, each
// active on one site checked today), validations of keys spread over all of them, through `app.inject`, in
// rounds alternating with `/api/health` and between the servers compared. Prints the median CPU µs per request.
// `npx tsx bench/validate-inject.ts [/path/to/older/checkout …]` (a git worktree of an older commit with
// node_modules linked); `node --cpu-prof --import tsx bench/validate-inject.ts` for a profile of the same.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { seedActiveLicenses } from './seed-licenses.js';

const LICENSES = 10_000;
const CONNECTIONS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PLUGIN = 'postcode-delivery-zones';
/** The demo plugin's EDD item id, for the `edd` kind (EDD-compatible check_license, server/modules/edd-compat). */
const EDD_ITEM_ID = 4242;
/** BENCH_ONLY=validate (or health, or edd) runs one kind, e.g. for a profile of it alone. */
const KINDS = (['validate', 'edd', 'health'] as const).filter((kind) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY === kind);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Subject {
  name: string;
  keys: string[];
  inject: (request: { method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> }) => Promise<{ statusCode: number }>;
  close: () => Promise<void>;
}

async function subject(name: string, dir: string, root: string): Promise<Subject> {
  const load = async <T>(file: string) => (await import(path.join(dir, file))) as T;
  const { buildApp } = await load<typeof import('../server/app.js')>('server/app.ts');
  const { loadConfig } = await load<typeof import('../server/config.js')>('server/config.ts');
  const { createDatabase } = await load<typeof import('../server/db/database.js')>('server/db/database.ts');
  const { migrateToLatest } = await load<typeof import('../server/db/migrate.js')>('server/db/migrate.ts');
  const { seedDemoCatalog } = await load<typeof import('../server/db/seed.js')>('server/db/seed.ts');
  const { generateLicenseKey } = await load<typeof import('../common/license-key.js')>('common/license-key.ts');
  const dataDir = fs.mkdtempSync(path.join(root, 'data-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_PASSWORD: 'x'.repeat(12), WORKERS: '1' });
  // Seeded through a connection of its own, closed before the app opens the file, as bench/license-validate.ts does.
  const seeding = createDatabase(config.database as Parameters<typeof createDatabase>[0]);
  await migrateToLatest(seeding);
  await seedDemoCatalog(seeding);
  const now = new Date().toISOString();
  const keys = Array.from({ length: LICENSES }, () => generateLicenseKey('8022'));
  await seedActiveLicenses(seeding, keys, PLUGIN, now);
  await seeding.updateTable('plugins').set({ edd_item_id: EDD_ITEM_ID }).where('slug', '=', PLUGIN).execute();
  await seeding.deleteFrom('settings').where('key', '=', 'rate_limit_per_minute').execute();
  await seeding
    .insertInto('settings')
    .values({ key: 'rate_limit_per_minute', value: JSON.stringify(10_000_000), updated_at: now })
    .execute();
  await seeding.destroy();
  const db = createDatabase(config.database as Parameters<typeof createDatabase>[0]);
  // At the default level (info), to a file, as a real deployment logs to journald.
  const stream = pino.destination({ dest: path.join(root, `${name.replace(/\W+/g, '-')}.log`), sync: false });
  const { app } = await buildApp({ config, db, logger: { stream } });
  await app.ready();
  return {
    name,
    keys,
    inject: (request) => app.inject(request),
    close: async () => {
      await app.close();
      await db.destroy();
      stream.flushSync();
    },
  };
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-bench-validate-inject-'));
  const here = path.resolve(import.meta.dirname, '..');
  const others = process.argv.slice(2).map((dir) => path.resolve(dir));
  const subjects: Subject[] = [];
  for (const dir of others) subjects.push(await subject(`older: ${path.basename(dir)}`, dir, root));
  subjects.push(await subject('this checkout', here, root));
  const cpu = new Map(subjects.map((s) => [s.name, { validate: [] as number[], edd: [] as number[], health: [] as number[] }]));
  let counter = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of subjects) {
      for (const kind of KINDS) {
        const start = process.cpuUsage();
        // 50 requests in flight at once, each sending the next when its answer came, as bench/license-validate.ts's connections do.
        let sent = 0;
        const client = async (connection: number) => {
          while (sent < REQUESTS) {
            sent += 1;
            const key = s.keys[(counter++ * 7919) % s.keys.length] ?? '';
            const headers = { 'x-forwarded-for': `198.51.100.${connection + 1}` };
            const answer = await s.inject(
              kind === 'validate'
                ? {
                    method: 'POST',
                    url: '/api/v1/licenses/validate',
                    payload: JSON.stringify({ license_key: key, site_url: `https://site-${key.toLowerCase()}.com`, plugin_slug: PLUGIN }),
                    headers: { ...headers, 'content-type': 'application/json' },
                  }
                : kind === 'edd'
                  ? {
                      method: 'POST',
                      url: '/',
                      payload: new URLSearchParams({
                        edd_action: 'check_license',
                        license: key,
                        item_id: String(EDD_ITEM_ID),
                        url: `https://site-${key.toLowerCase()}.com`,
                      }).toString(),
                      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                    }
                  : { method: 'GET', url: '/api/health', headers },
            );
            if (answer.statusCode !== 200) throw new Error(`${s.name}: ${kind} answered ${answer.statusCode}`);
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, (_, connection) => client(connection)));
        const used = process.cpuUsage(start);
        cpu.get(s.name)?.[kind].push((used.user + used.system) / REQUESTS);
      }
    }
  }
  console.log(
    `app.inject, ${LICENSES} licences, ${REQUESTS} requests of each kind per round, ${CONNECTIONS} at a time, ${ROUNDS} alternating rounds, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log('subject                          validate µs   check_license µs   health µs   validate − health');
  for (const s of subjects) {
    const c = cpu.get(s.name);
    const v = median(c?.validate ?? []);
    const e = median(c?.edd ?? []);
    const h = median(c?.health ?? []);
    console.log(
      `${s.name.padEnd(32)} ${v.toFixed(1).padStart(11)} ${e.toFixed(1).padStart(18)} ${h.toFixed(1).padStart(11)} ${(v - h).toFixed(1).padStart(19)}`,
    );
  }
  for (const s of subjects) await s.close();
  fs.rmSync(root, { recursive: true, force: true });
}

await main();
