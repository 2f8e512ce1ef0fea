// The CPU one validation lookup costs on a SQLite shop (issue 44), as the validation reader runs it: the statement
// prepared once on a read-only connection, ten lookups a read transaction (server/db/sqlite-read-batch.ts), keys
// and sites drawn at random from the whole shop. Beside today's text (`validationLookup`, which reads 0092's
// `license_checks`), EDD check_license's (the same on SQLite: that table holds the buyer's name); the same text with
// its parameters compared directly (`l.key = ?`), as it was before: with statistics in sqlite_stat4 SQLite re-plans
// that form whenever a parameter's value changes; and the lookup off the tables themselves, PostgreSQL's text (on
// SQLite through the licence's and the activations' unique indexes, the count off 0091's activations index, the
// buyer's row for EDD's). The shop must be migrated to 0092.
//
//   npx tsx bench/lookup-cost.ts /tmp/bigshop-10000.sqlite /tmp/bigshop-1000000.sqlite
//
// Prints the median and the least of five rounds of 20,000 lookups, CPU µs per lookup, and the median's part spent
// in the kernel (reading pages from the file). CACHE=KiB sets the connection's cache_size, MMAP=MiB its mmap_size.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { validationLookup } from '../server/modules/licenses/licenses.repository.js';
import { withBuyerName } from '../server/modules/customers/buyer-name.js';

const compiler = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
const today = validationLookup('', '', true).compile(compiler).sql;
const tables = validationLookup('', '', false).compile(compiler).sql;
const texts = {
  today,
  "EDD's, with the buyer's name": withBuyerName(today, true),
  'direct parameters (before)': today.replaceAll('cast(? as text)', '?'),
  "off the tables (PostgreSQL's text)": tables,
  "EDD's off the tables": withBuyerName(tables, false),
};

for (const file of process.argv.slice(2)) {
  const db = new SQLite(file, { readonly: true });
  if (process.env.CACHE) db.pragma(`cache_size = -${Number(process.env.CACHE)}`);
  if (process.env.MMAP) db.pragma(`mmap_size = ${Number(process.env.MMAP) * 1024 * 1024}`);
  const { n } = db.prepare('select max(id) as n from licenses').get() as { n: number };
  const pick = db.prepare<[number], { key: string; site_url: string }>(
    'select l.key, a.site_url from licenses l join license_activations a on a.license_id = l.id where l.id = ? limit 1',
  );
  const pairs: Array<[string, string]> = [];
  while (pairs.length < 5000) {
    const row = pick.get(1 + Math.floor(Math.random() * n));
    if (row) pairs.push([row.site_url, row.key]);
  }
  const begin = db.prepare('begin');
  const commit = db.prepare('commit');
  const results: Record<string, number[]> = {};
  const system: Record<string, number[]> = {};
  for (let round = 0; round < 5; round++)
    for (const [name, text] of Object.entries(texts)) {
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
      (results[name] ??= []).push((used.user + used.system) / found);
      (system[name] ??= []).push(used.system / found);
    }
  for (const [name, times] of Object.entries(results)) {
    times.sort((a, b) => a - b);
    const kernel = system[name]!.sort((a, b) => a - b)[2]!;
    console.log(
      `${file} (${n.toLocaleString('en-GB')} licences), ${name}: ${times[2]!.toFixed(1)} µs median (${kernel.toFixed(1)} in the kernel), ${times[0]!.toFixed(1)} least`,
    );
  }
  db.close();
}
