// The CPU one validation lookup costs (issue 44), as the validation readers run it (server/modules/licenses/
// validation-reader.ts), keys and sites drawn at random from the whole shop. Beside today's text
// (`validationLookup`, which reads `license_checks`: 0092 on SQLite, 0095 on PostgreSQL) the same read off the tables
// themselves (`validationLookupOffTables`: the licence's key index, the site's activation, the counted activations
// and the buyer's row) and, on SQLite, today's text with its parameters compared directly (`l.key = ?`), as it was
// before: with statistics in sqlite_stat4 SQLite re-plans that form whenever a parameter's value changes.
//
//   npx tsx bench/lookup-cost.ts /tmp/bigshop-10000.sqlite /tmp/bigshop-1000000.sqlite
//   npx tsx bench/lookup-cost.ts postgres://postgres@127.0.0.1:5432/bigshop_10000 postgres://…/bigshop_1000000
//
// SQLite: the statement prepared once on a read-only connection, ten lookups a read transaction
// (server/db/sqlite-read-batch.ts); prints this process's CPU µs per lookup and the part spent in the kernel (reading
// pages from the file). CACHE=KiB sets the connection's cache_size, MMAP=MiB its mmap_size. PostgreSQL: the batched
// statement (`batchLookupText`) on its generic plan, BATCH lookups a statement (default 10, about what 50 busy
// connections make); prints the database backend's CPU per lookup, read from /proc (the database must run on this
// machine; clock ticks of 10 ms, each round long enough for that to be within a few per cent), and this process's.
// Each: the median and the least of five rounds of 20,000 lookups.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { validationLookup, validationLookupOffTables } from '../server/modules/licenses/licenses.repository.js';
import { batchLookupText } from '../server/modules/licenses/validation-reader.js';
import { cpuMs } from './check-load.js';

const PAIRS = 5000;
const BATCH = Number(process.env.BATCH ?? 10);

function textsOf(compiler: Kysely<unknown>, sqlite: boolean): Record<string, string> {
  const today = validationLookup('', '').compile(compiler).sql;
  const texts: Record<string, string> = { today, 'off the tables': validationLookupOffTables('', '').compile(compiler).sql };
  if (sqlite) texts['direct parameters (before)'] = today.replaceAll('cast(? as text)', '?');
  return texts;
}

async function sqliteShop(file: string): Promise<void> {
  const compiler = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  const db = new SQLite(file, { readonly: true });
  if (process.env.CACHE) db.pragma(`cache_size = -${Number(process.env.CACHE)}`);
  if (process.env.MMAP) db.pragma(`mmap_size = ${Number(process.env.MMAP) * 1024 * 1024}`);
  const { n } = db.prepare('select max(id) as n from licenses').get() as { n: number };
  const pick = db.prepare<[number], { key: string; site_url: string }>(
    'select l.key, a.site_url from licenses l join license_activations a on a.license_id = l.id where l.id = ? limit 1',
  );
  const pairs: Array<[string, string]> = [];
  while (pairs.length < PAIRS) {
    const row = pick.get(1 + Math.floor(Math.random() * n));
    if (row) pairs.push([row.site_url, row.key]);
  }
  const begin = db.prepare('begin');
  const commit = db.prepare('commit');
  const results: Record<string, { mine: number[]; other: number[] }> = {};
  for (let round = 0; round < 5; round++)
    for (const [name, text] of Object.entries(textsOf(compiler, true))) {
      const lookup = db.prepare<[string, string], { activation_id: number | null }>(text);
      const before = process.cpuUsage();
      let found = 0;
      for (let rep = 0; rep < 4; rep++)
        for (let i = 0; i < pairs.length; i += 10) {
          begin.run();
          for (const [site, key] of pairs.slice(i, i + 10)) if (lookup.get(site, key)?.activation_id) found += 1;
          commit.run();
        }
      const used = process.cpuUsage(before);
      if (found !== 4 * pairs.length) throw new Error(`${name}: found ${found} of ${4 * pairs.length}`);
      const result = (results[name] ??= { mine: [], other: [] });
      result.mine.push((used.user + used.system) / found);
      result.other.push(used.system / found);
    }
  // SQLite: "other" is the kernel's part of this process's CPU
  for (const [name, { mine, other }] of Object.entries(results)) {
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[2]!;
    console.log(
      `${file} (${n.toLocaleString('en-GB')} licences), ${name}: ${median(mine).toFixed(1)} µs median (${median(other).toFixed(1)} in the kernel), ${Math.min(...mine).toFixed(1)} least`,
    );
  }
  db.close();
  await compiler.destroy();
}

async function postgresShop(url: string): Promise<void> {
  const compiler = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool() }) });
  const client = new pg.Client({ connectionString: url, options: '-c plan_cache_mode=force_generic_plan' });
  await client.connect();
  const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const { n } = (await client.query<{ n: number }>('select max(id)::int as n from licenses')).rows[0]!;
  const pairs: Array<[string, string]> = [];
  while (pairs.length < PAIRS) {
    const ids = Array.from({ length: 500 }, () => 1 + Math.floor(Math.random() * n));
    const { rows } = await client.query<{ key: string; site_url: string }>(
      'select distinct on (l.id) l.key, a.site_url from licenses l join license_activations a on a.license_id = l.id where l.id = any($1::int[])',
      [ids],
    );
    for (const row of rows) if (pairs.length < PAIRS) pairs.push([row.site_url, row.key]);
  }
  const results: Record<string, { mine: number[]; other: number[] }> = {};
  for (let round = 0; round < 5; round++)
    for (const [name, single] of Object.entries(textsOf(compiler, false))) {
      const text = batchLookupText(single);
      const before = cpuMs([backend]);
      const ours = process.cpuUsage();
      let found = 0;
      for (let rep = 0; rep < 4; rep++)
        for (let i = 0; i < pairs.length; i += BATCH) {
          const batch = pairs.slice(i, i + BATCH);
          const values = [batch.map((pair) => pair[0]), batch.map((pair) => pair[1])];
          const { rows } = await client.query<{ activation_id: number | null }>({ name: `lookup ${name}`, text, values });
          for (const row of rows) if (row.activation_id) found += 1;
        }
      const used = process.cpuUsage(ours);
      const database = cpuMs([backend]) - before;
      if (found !== 4 * pairs.length) throw new Error(`${name}: found ${found} of ${4 * pairs.length}`);
      const result = (results[name] ??= { mine: [], other: [] });
      result.other.push((database * 1000) / found);
      result.mine.push((used.user + used.system) / found);
    }
  for (const [name, { mine, other }] of Object.entries(results)) {
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[2]!;
    console.log(
      `${url} (${n.toLocaleString('en-GB')} licences, ${BATCH} a batch), ${name}: database ${median(other).toFixed(1)} µs a lookup median, ${Math.min(...other).toFixed(1)} least; this process ${median(mine).toFixed(1)} µs`,
    );
  }
  await client.end();
  await compiler.destroy();
}

for (const shop of process.argv.slice(2)) await (shop.startsWith('postgres') ? postgresShop(shop) : sqliteShop(shop));
