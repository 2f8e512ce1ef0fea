import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { App } from '../../kernel/context.js';
import { loadConfig } from '../../config.js';
import { createDatabase, type Database } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/test-app.js';
import { startFakeStripeApi, type FakeStripeApi } from '../../test/fake-stripe-api.js';
import { SESSION_COOKIE } from '../../http/admin-guard.js';

// Issue 41: the app's real log output (pino, debug level) while secrets are saved, checked, refused and used holds none of them.
const SECRETS = ['sk_test_other', 'sk_live_wrongkey123', 'whsec_logs_signing_secret', 'smtp-log-password-value', 'ls-log-webhook-secret'];

describe(`logs carry no provider secret (${testDialect()})`, () => {
  let testDb: TestDatabase;
  let db: Database;
  let app: App;
  let stripe: FakeStripeApi;
  const lines: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    testDb = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: testDb.dataDir,
      ADMIN_PASSWORD: 'x'.repeat(12),
      STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
    });
    config.database = testDb.target.dialect === 'sqlite' ? testDb.target : { dialect: 'postgres', url: testDb.target.url };
    db = createDatabase(testDb.target);
    await migrateToLatest(db);
    const built = await buildApp({ config, db, logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } } });
    app = built.app;
    await built.ctx.auth.ensureAdminPassword(config.ADMIN_PASSWORD);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
    await testDb.drop();
    await stripe.close();
  });

  it('logs none while keys are saved, checked and refused, SMTP fails and a webhook is refused', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x'.repeat(12) } });
    const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    const put = (url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload });
    expect(
      (
        await put('/api/admin/payment-setup', {
          stripe_secret_key: 'sk_test_other',
          stripe_publishable_key: 'pk_test_fake',
          stripe_webhook_secret: 'whsec_logs_signing_secret',
          lemonsqueezy_webhook_secret: 'ls-log-webhook-secret',
        })
      ).statusCode,
    ).toBe(200);
    const first = await app.inject({ method: 'POST', url: '/api/admin/payment-setup/check', headers });
    expect(first.json(), first.body).toMatchObject({ ok: false });
    await put('/api/admin/payment-setup', { stripe_secret_key: 'sk_live_wrongkey123', stripe_publishable_key: 'pk_live_fake' });
    expect((await app.inject({ method: 'POST', url: '/api/admin/payment-setup/check', headers })).json().message).toMatch(/refused the secret key/);
    // A malformed key is refused before anything is stored; the request line must not echo it either.
    expect((await put('/api/admin/payment-setup', { stripe_secret_key: 'sk_live_wrongkey123!' })).statusCode).toBe(400);
    await put('/api/admin/email-setup', {
      host: '127.0.0.1',
      port: 9,
      security: 'none',
      user: 'shop',
      password: 'smtp-log-password-value',
      sender: 'shop@example.com',
    });
    expect((await app.inject({ method: 'POST', url: '/api/admin/email-setup/test', headers })).json().ok).toBe(false);
    await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    const log = lines.join('');
    expect(log).toContain('request completed');
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });
});
