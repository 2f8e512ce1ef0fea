// A PostgreSQL connection that breaks while idle in the pool (a database restart, pg_terminate_backend) must
// not end the process: pg reports it as an 'error' event on the pool, fatal without a listener.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.js';

describe.runIf(testDialect() === 'postgres')('an idle pool connection that breaks', () => {
  let testDb: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.target);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('is replaced: the next query is answered on a new connection', async () => {
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const pid = before.rows[0]?.pid;
    const admin = new pg.Client({ connectionString: testDb.target.dialect === 'postgres' ? testDb.target.url : '' });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    expect(after.rows[0]?.pid).not.toBe(pid);
  });
});
