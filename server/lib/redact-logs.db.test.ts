import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../kernel/context.js';
import { loadConfig } from '../config.js';
import { createDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemoCatalog } from '../db/seed.js';
import { seedDemoRelease } from '../modules/releases/index.js';
import { intentBody } from '../test/checkout-test-helpers.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../test/test-app.js';

const SITE = 'https://shop.example.com';

// The real log output of the app (pino, info level) while a buyer's licence e-mail goes to the outbox and
// the plugin checks for an update and downloads it: no full licence key or download token may appear.
describe(`logs carry no licence key or download token (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: testDb.dataDir, ADMIN_PASSWORD: 'x'.repeat(12), BASE_URL: SITE });
    config.database = testDb.target.dialect === 'sqlite' ? testDb.target : { dialect: 'postgres', url: testDb.target.url };
    db = createDatabase(testDb.target);
    await migrateToLatest(db);
    await seedDemoCatalog(db);
    const built = await buildApp({ config, db, logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    app = built.app;
    await app.ready();
    expect(await seedDemoRelease(built.ctx)).toBe(true);
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await testDb.drop();
  });

  it('masks them in request lines and in the outbox line, keeping a short prefix', async () => {
    const intent = await app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: 'buyer@example.com' }) });
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      payload: { clientSecret: intent.json<{ clientSecret: string }>().clientSecret, cardNumber: '4242424242424242' },
    });
    expect(confirm.json()).toEqual({ status: 'succeeded' });
    const email = await db.selectFrom('emails').select(['text', 'status']).executeTakeFirstOrThrow();
    expect(email.status).toBe('outbox');
    const { key } = await db.selectFrom('licenses').select('key').executeTakeFirstOrThrow();
    const mailedToken = /\/api\/v1\/downloads\/([^/]+)\//.exec(email.text)?.[1];
    expect(email.text).toContain(key);

    const activate = await app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: key, site_url: SITE, plugin_slug: 'postcode-delivery-zones' },
    });
    expect(activate.statusCode).toBe(200);
    const check = await app.inject({
      method: 'GET',
      url: `/api/v1/plugins/postcode-delivery-zones/update?license_key=${key}&site_url=${encodeURIComponent(SITE)}`,
    });
    const downloadUrl = new URL(check.json<{ download_url: string }>().download_url);
    const token = downloadUrl.pathname.split('/')[4] ?? '';
    expect((await app.inject({ method: 'GET', url: downloadUrl.pathname })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${downloadUrl.pathname}.sig` })).statusCode).toBe(200);
    // Successful machine API answers are only counted (server/http/request-log.ts); refused ones are logged
    // with their URL, so these carry the key and the token into a request line.
    const refusedCheck = await app.inject({
      method: 'GET',
      url: `/api/v1/plugins/no-such-plugin/update?license_key=${key}&site_url=${encodeURIComponent(SITE)}`,
    });
    expect(refusedCheck.statusCode).toBeGreaterThanOrEqual(400);
    expect((await app.inject({ method: 'GET', url: `${downloadUrl.pathname}.sig/extra` })).statusCode).toBe(404);
    // Issue 23: a key in lower case, glued to other text, in a parameter whose name says nothing.
    expect((await app.inject({ method: 'GET', url: `/api/no-such-route?ref=x${key.toLowerCase()}y` })).statusCode).toBe(404);

    const log = lines.join('');
    expect(log).toContain('e-mail kept in the outbox');
    expect(log).toContain('b…@example.com');
    expect(log).toContain(`no-such-plugin/update?license_key=${key.slice(0, 9)}-…&site_url=`);
    expect(log).toContain(`/api/v1/downloads/${token.slice(0, 6)}…/postcode-delivery-zones-1.7.51.zip.sig/extra`);
    expect(log).toContain(`ref=x${key.slice(0, 9).toLowerCase()}-…y`);
    for (const secret of [key, key.toLowerCase(), token, mailedToken, 'buyer@example.com']) {
      expect(secret).toBeTruthy();
      expect(log).not.toContain(secret);
    }
  });
});
