import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDatabase } from './database.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.js';

const MIGRATE_ONCE = fileURLToPath(new URL('../test/migrate-once.ts', import.meta.url));

// Instances started together (a deploy rolling out several at once) migrate one fresh database: each is its
// own process, as in production. Without the lock, PostgreSQL starts race on creating Kysely's tables and
// SQLite ones on creating ours ("table settings already exists").
describe(`migrations run once under a lock (${testDialect()})`, () => {
  let testDb: TestDatabase | undefined;
  afterAll(async () => testDb?.drop());

  it('four processes migrating and seeding a fresh database at the same moment all succeed, and each step ran once', async () => {
    testDb = await createTestDatabase();
    const env = { ...process.env, TARGET: JSON.stringify(testDb.target) };
    const children = Array.from({ length: 4 }, () => spawn(process.execPath, ['--import', 'tsx', MIGRATE_ONCE], { env }));
    const outputs = children.map((child) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const ready = new Promise<void>((resolve) => child.stdout.on('data', () => output.includes('ready') && resolve()));
      const exited = new Promise<string>((resolve) => child.on('exit', (code) => resolve(`${output.trim()} (exit ${code})`)));
      return { ready, exited };
    });
    // Every process connected and loaded; then all start migrating at once.
    await Promise.all(outputs.map((output) => output.ready));
    for (const child of children) child.stdin.end('go\n');
    const results = await Promise.all(outputs.map((output) => output.exited));
    expect(results).toEqual(Array(4).fill('ready\nmigrated (exit 0)'));

    const db = createDatabase(testDb.target);
    try {
      const ran = await sql<{ name: string; n: number }>`select name, count(*) as n from kysely_migration group by name`.execute(db);
      expect(ran.rows.length).toBeGreaterThan(5);
      expect(ran.rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
      const plugins = await db.selectFrom('plugins').select('slug').orderBy('slug').execute();
      expect(plugins.map((plugin) => plugin.slug)).toEqual(['postcode-delivery-zones', 'ucre']);
    } finally {
      await db.destroy();
    }
  });
});
