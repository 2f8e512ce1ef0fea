// Nothing is lost across a kill -9: the real server runs as a child process, dies mid-delivery, starts again
// on the same database, and the event is delivered.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-app.js';
import { createLicense } from '../licenses/index.js';
import { insertEndpoint } from './endpoints.repository.js';
import { newWebhookSecret } from './secret.js';
import { eventually, startReceiver, verifySignature, type Receiver } from '../../test/webhook-receiver.js';
import { unitContext } from '../../test/units.js';

/** DATABASE_URL for the child: the test's SQLite file, or its PostgreSQL schema through the search_path option. */
function databaseUrl(testDb: TestDatabase): string {
  const target = testDb.target;
  if (target.dialect === 'sqlite') return `sqlite:${target.file}`;
  const separator = target.url.includes('?') ? '&' : '?';
  return `${target.url}${separator}options=${encodeURIComponent(`-c search_path=${target.schema ?? 'public'}`)}`;
}

function startServer(testDb: TestDatabase): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: databaseUrl(testDb),
      WEB_DIST_DIR: path.join(testDb.dataDir, 'no-web'),
      ADMIN_PASSWORD: 'crash test password',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      // A 2 s timeout gives a 9 s lease (2 x 2 s + 5 s): how long a dead process's claim blocks a retry.
      WEBHOOK_TIMEOUT_SECONDS: '2',
      // The receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe(`outgoing webhooks across a kill -9 (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let receiver: Receiver;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.target);
    await migrateToLatest(db);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await receiver.close();
    await db.destroy();
    await testDb.drop();
  });

  it('delivers the event after the server is killed mid-delivery and started again', { timeout: 120_000 }, async () => {
    const secret = newWebhookSecret();
    const at = new Date().toISOString();
    await insertEndpoint(db, { url: receiver.url('/crash'), secret, events: [], active: true, at });
    // The real change: a licence created in a transaction writes its license.created delivery.
    const license = await createLicense(unitContext(db), { pluginSlug: 'any-plugin', plan: 'lifetime', maxActivations: 1 });

    receiver.respond('hang');
    const first = startServer(testDb);
    children.push(first);
    await receiver.waitFor(1, 60_000); // the server started, claimed the delivery and is waiting for the answer
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    expect(await db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute()).toEqual([{ status: 'sending', attempts: 1 }]);

    receiver.respond(200);
    const second = startServer(testDb);
    children.push(second);
    // The dead process's lease (9 s) runs out, the new process claims the delivery again and it goes out.
    await receiver.waitFor(2, 60_000);
    const row = await eventually(async () => {
      const [one] = await db.selectFrom('webhook_deliveries').selectAll().execute();
      return one?.status === 'delivered' ? one : undefined;
    }, 30_000);
    expect(row).toMatchObject({ attempts: 2, last_status_code: 200 });
    const [hung, delivered] = receiver.requests;
    expect(delivered?.headers['x-webhook-id']).toBe(hung?.headers['x-webhook-id']);
    expect(delivered?.body).toBe(hung?.body);
    expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({ type: 'license.created', data: { id: license.id, key: license.key } });
    expect(delivered && verifySignature(secret, delivered)).toBe(true);
    second.kill('SIGTERM');
    await exited(second);
  });
});
