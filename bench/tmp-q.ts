import SQLite from 'better-sqlite3';
import { validationLookup } from '../server/modules/licenses/licenses.repository.js';
import { Kysely, SqliteDialect } from 'kysely';
const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
console.log(validationLookup('', '').compile(k).sql.replace(/\n/g, ' ') + ';');
