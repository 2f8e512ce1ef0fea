// What the PostgreSQL validation reader (server/modules/licenses/validation-reader.ts) costs this process and the
// database per lookup, alone: the real reader on a shop, OUTSTANDING lookups always waiting (default 50, as the
// bench's 50 busy connections make at most), keys and sites drawn at random from the whole shop, no HTTP. Prints,
// for each of ROUNDS rounds (default 5) of SECS seconds (default 5): lookups a second, the mean batch, this
// process's CPU µs per lookup (its kernel part) and PostgreSQL's processes' (read from /proc: the database must run
// on this machine). For comparing readers quickly; bench/check-cpu.ts measures a whole validation.
//
//   npx tsx bench/reader-cost.ts postgres://postgres@127.0.0.1:5432/bigshop_10000
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createDatabase } from '../server/db/database.js';
import { openValidationReader } from '../server/modules/licenses/validation-reader.js';
import type { AppContext } from '../server/kernel/context.js';
import { cpuMsOfAllNamed } from './check-load.js';

const url = process.argv[2];
if (!url?.startsWith('postgres')) throw new Error('usage: npx tsx bench/reader-cost.ts postgres://…/SHOP');
const OUTSTANDING = Number(process.env.OUTSTANDING ?? 50);
const SECS = Number(process.env.SECS ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const db = createDatabase({ dialect: 'postgres', url });
const { rows: pairs } = await sql<{ key: string; site: string }>`
  select l.key, a.site_url as site from licenses l join license_activations a on a.license_id = l.id
  where l.status = 'active' order by random() limit 5000`.execute(db);
const opened = openValidationReader({ db, config: { database: { dialect: 'postgres', url } } } as unknown as Pick<AppContext, 'config' | 'db'>);
if (!opened) throw new Error('no reader');
const reader = opened;

async function round(): Promise<void> {
  let next = 0;
  let done = 0;
  let found = 0;
  const statementsBefore = reader.statementsSent?.() ?? 0;
  const until = performance.now() + SECS * 1000;
  const cpuBefore = process.cpuUsage();
  const databaseBefore = cpuMsOfAllNamed('postgres');
  const began = performance.now();
  const worker = async () => {
    while (performance.now() < until) {
      const pair = pairs[next++ % pairs.length]!;
      if ((await reader.read(pair.key, pair.site))?.activation) found += 1;
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: OUTSTANDING }, worker));
  const seconds = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const database = cpuMsOfAllNamed('postgres') - databaseBefore;
  const each = (us: number) => (us / done).toFixed(1);
  const batches = (reader.statementsSent?.() ?? 0) - statementsBefore;
  console.log(
    `${Math.round(done / seconds)} lookups/s (${found === done ? 'all found' : `${done - found} not found`}), ${(done / batches).toFixed(1)} a batch; ` +
      `this process ${each(cpu.user + cpu.system)} µs each (${each(cpu.system)} in the kernel), PostgreSQL ${each(database * 1000)} µs`,
  );
}

for (let r = 0; r < ROUNDS; r++) await round();
await reader.close();
await db.destroy();
