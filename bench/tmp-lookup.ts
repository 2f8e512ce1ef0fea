import SQLite from 'better-sqlite3';
import { validationLookup } from '../server/modules/licenses/licenses.repository.js';
import { Kysely, SqliteDialect } from 'kysely';
const file = process.argv[2]!;
const db = new SQLite(file, { readonly: true });
if (process.env.CACHE) db.pragma(`cache_size = -${process.env.CACHE}`);
if (process.env.MMAP) db.pragma(`mmap_size = ${process.env.MMAP}`);
const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
const text = process.env.SQL ?? validationLookup('', '').compile(k).sql;
const n = (db.prepare('select max(id) as n from licenses').get() as any).n;
const pairs: Array<[string, string]> = [];
const pick = db.prepare('select l.key, a.site_url from licenses l join license_activations a on a.license_id = l.id where l.id = ? limit 1');
while (pairs.length < 5000) { const r = pick.get(1 + Math.floor(Math.random() * n)) as any; if (r) pairs.push([r.site_url, r.key]); }
const st = db.prepare(text);
const begin = db.prepare('begin'), commit = db.prepare('commit');
for (let round = 0; round < 4; round++) {
  const t0 = process.cpuUsage(); let count = 0;
  for (let rep = 0; rep < 8; rep++) for (let i = 0; i < pairs.length; i += 10) { begin.run(); for (let j = i; j < i + 10; j++) { if (st.get(pairs[j]![0], pairs[j]![1])) count++; } commit.run(); }
  const u = process.cpuUsage(t0);
  console.log(`${file.split('/').pop()} cache=${process.env.CACHE ?? 'def'} mmap=${process.env.MMAP ?? 0}: ${((u.user + u.system) / (8 * pairs.length)).toFixed(2)} µs/lookup (sys ${(u.system / (8 * pairs.length)).toFixed(2)}) found ${count}`);
}
const mem = process.memoryUsage(); console.log('rss MB', (mem.rss / 1e6).toFixed(0));
