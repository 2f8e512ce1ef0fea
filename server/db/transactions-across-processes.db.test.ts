import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrate.js';
import { nowIso } from '../lib/time.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.js';

const SLOW_TRANSACTION = fileURLToPath(new URL('../test/slow-transaction.ts', import.meta.url));

// Several processes on one database (WORKERS=N on SQLite): a transaction that has read and then writes after
// another process committed must wait its turn, not fail. SQLite's deferred BEGIN fails it at once
// (SQLITE_BUSY: its snapshot is stale); createDatabase begins transactions IMMEDIATE, so it waits instead.
describe(`transactions across processes (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('a read-then-write transaction in another process and a write here both commit', async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.target);
    await migrateToLatest(db);
    const child = spawn(process.execPath, ['--import', 'tsx', SLOW_TRANSACTION], { env: { ...process.env, TARGET: JSON.stringify(testDb.target) } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve) => child.stdout.on('data', () => output.includes('read') && resolve()));

    // Between the child's read and its write.
    await db.insertInto('settings').values({ key: 'from_the_parent', value: '1', updated_at: nowIso() }).execute();

    expect(await exited).toBe(0);
    expect(output).toContain('committed');
    const keys = await db.selectFrom('settings').select('key').where('key', 'in', ['from_the_child', 'from_the_parent']).orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['from_the_child', 'from_the_parent']);
  });
});
