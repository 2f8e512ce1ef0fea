import SQLite from 'better-sqlite3';
import { validationLookup } from '../server/modules/licenses/licenses.repository.js';
import { Kysely, SqliteDialect } from 'kysely';
const file = process.argv[2]!;
const db = new SQLite(file, { readonly: true });
if (process.env.CACHE) db.pragma(`cache_size = -${process.env.CACHE}`);
if (process.env.MMAP) db.pragma(`mmap_size = ${process.env.MMAP}`);
const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
const queries: Record<string, string> = { current: validationLookup('', '').compile(k).sql };
for (const [i, q] of (process.env.SQLS ?? '').split('\n;;\n').filter(Boolean).entries()) queries[`q${i + 1}`] = q;
const n = (db.prepare('select max(id) as n from licenses').get() as any).n;
const pairs: Array<[string, string]> = [];
const pick = db.prepare('select l.key, a.site_url from licenses l join license_activations a on a.license_id = l.id where l.id = ? limit 1');
while (pairs.length < 5000) { const r = pick.get(1 + Math.floor(Math.random() * n)) as any; if (r) pairs.push([r.site_url, r.key]); }
const begin = db.prepare('begin'), commit = db.prepare('commit');
const totals: Record<string, number[]> = {};
for (let round = 0; round < 5; round++) for (const [name, text] of Object.entries(queries)) {
  const st = db.prepare(text);
  const t0 = process.cpuUsage(); let count = 0;
  for (let rep = 0; rep < 4; rep++) for (let i = 0; i < pairs.length; i += 10) { begin.run(); for (let j = i; j < i + 10; j++) { if (st.get(pairs[j]![0], pairs[j]![1])) count++; } commit.run(); }
  const u = process.cpuUsage(t0);
  (totals[name] ??= []).push((u.user + u.system) / (4 * pairs.length));
  if (count !== 4 * pairs.length) console.log(name, 'found only', count);
}
for (const [name, list] of Object.entries(totals)) { list.sort((a, b) => a - b); console.log(`${file.split('/').pop()} ${name}: median ${list[2]!.toFixed(2)} µs (min ${list[0]!.toFixed(2)})`); }
console.log('rss MB', (process.memoryUsage().rss / 1e6).toFixed(0));
