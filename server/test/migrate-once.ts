// A separate process migrating (and seeding) one database, as an instance's start does: used by
// server/db/migrate-lock.db.test.ts to start several at the same moment: each prints `ready` once connected
// and migrates when a line arrives on stdin. TARGET is a DatabaseTarget in JSON.
import { once } from 'node:events';
import { sql } from 'kysely';
import { createDatabase, type DatabaseTarget } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoCatalog } from '../db/seed.js';

const target = JSON.parse(process.env.TARGET ?? '') as DatabaseTarget;
const db = createDatabase(target);
try {
  await sql`select 1`.execute(db);
  console.log('ready');
  await once(process.stdin, 'data');
  await migrateToLatest(db, () => seedDemoCatalog(db).then(() => undefined));
  console.log('migrated');
} finally {
  await db.destroy();
}
