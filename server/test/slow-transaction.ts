// A separate process holding a read-then-write transaction open across a pause, as a worker does when its
// transaction awaits: used by server/db/transactions-across-processes.db.test.ts. Prints `read` once it has
// read, writes 300 ms later, then prints `committed`. TARGET is a DatabaseTarget in JSON.
import { createDatabase, type DatabaseTarget } from '../db/database.js';
import { nowIso } from '../lib/time.js';

const target = JSON.parse(process.env.TARGET ?? '') as DatabaseTarget;
const db = createDatabase(target);
try {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('settings').select('key').execute();
    console.log('read');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await trx.insertInto('settings').values({ key: 'from_the_child', value: '1', updated_at: nowIso() }).execute();
  });
  console.log('committed');
} finally {
  await db.destroy();
}
