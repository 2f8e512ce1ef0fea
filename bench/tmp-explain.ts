import SQLite from 'better-sqlite3';
import { validationLookup } from '../server/modules/licenses/licenses.repository.js';
import { Kysely, SqliteDialect } from 'kysely';
const db = new SQLite(process.argv[2]!, { readonly: true });
const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
const text = process.env.Q ?? validationLookup('', '').compile(k).sql;
for (const r of db.prepare('explain ' + text).all('a', 'b') as any[]) console.log(r.addr, r.opcode, r.p1, r.p2, r.p3, r.p4, r.p5);
