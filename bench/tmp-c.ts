import SQLite from 'better-sqlite3';
import { validationLookup } from '../server/modules/licenses/licenses.repository.js';
import { Kysely, SqliteDialect } from 'kysely';
const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
const current = validationLookup('', '').compile(k).sql;
const db = new SQLite(process.argv[2]!, { readonly: true }); if (process.env.CACHE) db.pragma(`cache_size = -${process.env.CACHE}`); if (process.env.MMAP) db.pragma(`mmap_size = ${process.env.MMAP}`);
const n = (db.prepare('select max(id) as n from licenses').get() as any).n;
const pairs: Array<[string, string]> = [];
const pick = db.prepare('select l.key, a.site_url from licenses l join license_activations a on a.license_id = l.id where l.id = ? limit 1');
while (pairs.length < 5000) { const r = pick.get(1 + Math.floor(Math.random() * n)) as any; if (r) pairs.push([r.site_url, r.key]); }
const qs: Record<string, string> = {
  current,
  plus: current.replace('m.site_url = ?', 'm.site_url = +?').replace('l.key = ?', 'l.key = +?'),
  cast: current.replace('m.site_url = ?', 'm.site_url = cast(? as text)').replace('l.key = ?', 'l.key = cast(? as text)'),
  paren: current.replace('m.site_url = ?', 'm.site_url = (select ?)').replace('l.key = ?', 'l.key = (select ?)'),
};
const begin = db.prepare('begin'), commit = db.prepare('commit');
const res: Record<string, number[]> = {};
for (let round = 0; round < 5; round++) for (const [name, q] of Object.entries(qs)) {
  const st = db.prepare(q);
  const t0 = process.cpuUsage(); let found = 0;
  for (let rep = 0; rep < 4; rep++) for (let i = 0; i < pairs.length; i += 10) { begin.run(); for (let j = i; j < i + 10; j++) { const r = st.get(pairs[j]![0], pairs[j]![1]) as any; if (r && r.activation_id) found++; } commit.run(); }
  const u = process.cpuUsage(t0);
  (res[name] ??= []).push((u.user + u.system) / 20000);
  if (found !== 20000) console.log(name, 'found', found);
}
for (const [name, l] of Object.entries(res)) { l.sort((a, b) => a - b); console.log(process.argv[2]!.split('/').pop(), name, 'median', l[2]!.toFixed(2), 'min', l[0]!.toFixed(2)); }
