// What a validation lookup costs on SQLite alone, and in read transactions of ten (server/modules/licenses/validation-reader.ts):
// the bench's 10,000 licences each active on one site, the lookup statement of licenses.repository.ts prepared on a
// read-only connection as the reader does, keys spread over all licences. `npx tsx bench/sqlite-read-batch.ts`
// prints µs of CPU per lookup for 5 alternating rounds. `strace -f -c` of the same shows the three system calls a
// statement outside a transaction makes: fcntl (WAL read lock), fstat (the file's size), fcntl (unlock).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { generateLicenseKey } from '../common/license-key.js';
import { validationLookup } from '../server/modules/licenses/licenses.repository.js';
import { seedActiveLicenses } from './seed-licenses.js';

const LICENSES = 10_000;
const LOOKUPS = 50_000;
const BATCH = 10;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-bench-sqlite-read-'));
const file = path.join(dir, 'licensing.sqlite');
const db = createDatabase({ dialect: 'sqlite', file });
await migrateToLatest(db);
const now = new Date().toISOString();
const keys = Array.from({ length: LICENSES }, () => generateLicenseKey('8022'));
await seedActiveLicenses(db, keys, 'postcode-delivery-zones', now);
const text = validationLookup('', '').compile(db).sql;
await db.destroy();

const connection = new SQLite(file, { readonly: true, fileMustExist: true });
connection.pragma('busy_timeout = 5000');
const lookup = connection.prepare(text);
const begin = connection.prepare('begin');
const commit = connection.prepare('commit');
const read = (i: number) => {
  const key = keys[(i * 7919) % keys.length] ?? '';
  lookup.get(`site-${key.toLowerCase()}.com`, key);
};
const cpu = (run: () => void) => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / LOOKUPS;
};
console.log(`SQLite, ${LICENSES} licences, ${LOOKUPS} lookups per round, load average ${os.loadavg()[0]?.toFixed(1)}: µs of CPU per lookup`);
for (let round = 0; round < 5; round++) {
  const alone = cpu(() => {
    for (let i = 0; i < LOOKUPS; i++) read(i + round);
  });
  const batched = cpu(() => {
    for (let i = 0; i < LOOKUPS; i += BATCH) {
      begin.run();
      for (let j = i; j < i + BATCH; j++) read(j + round);
      commit.run();
    }
  });
  console.log(`round ${round + 1}: alone ${alone.toFixed(2)}, ${BATCH} per read transaction ${batched.toFixed(2)}`);
}
connection.close();
fs.rmSync(dir, { recursive: true, force: true });
