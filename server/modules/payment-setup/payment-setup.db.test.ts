import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/test-app.js';
import { startFakeStripeApi, type FakeStripeApi } from '../../test/fake-stripe-api.js';
import { ensureQualifyingRelease, intentBody } from '../../test/checkout-test-helpers.js';

// Issue 41: an empty shop taken from test mode to live in the admin alone, against the Stripe stand-in, with no
// secret in any answer, the database's plain text or the export.

const WEBHOOK_SECRET = 'whsec_h41_signing_secret_value';
const signer = new Stripe('sk_test_unused');

describe(`Payments page (${testDialect()})`, () => {
  let t: TestApp;
  let stripe: FakeStripeApi;
  let headers: Record<string, string>;
  const answers: string[] = [];
  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, extra: Record<string, string> = {}) => {
    const response = await t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
    answers.push(response.body);
    return response;
  };
  const sendWebhook = async (secret: string) => {
    const payload = JSON.stringify({ id: 'evt_h41', object: 'event', type: 'customer.created', livemode: false, data: { object: {} } });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) },
      payload,
    });
  };

  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    t = await createTestApp({ confirmedOrigin: null, env: { STRIPE_API_URL: `http://127.0.0.1:${stripe.port}` } });
    await ensureQualifyingRelease(t.db);
    headers = await t.adminHeaders();
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('starts in test mode with nothing set, and says why it cannot go live', async () => {
    const view = (await call('GET', '/api/admin/payment-setup')).json();
    expect(view.mode).toBe('test');
    expect(view.stripe.secret_key).toEqual({ is_set: false, last4: null, source: null });
    expect(view.go_live_blockers.join(' ')).toMatch(/No payment provider is set up/);
    expect(view.go_live_blockers.join(' ')).toMatch(/shop's address is not confirmed/);
    expect(view.stripe.webhook_url).toBeNull();
  });

  it('saves keys sealed, answers only their last four, and refuses a malformed key with its reason', async () => {
    const bad = await call('PUT', '/api/admin/payment-setup', { stripe_secret_key: 'pk_test_fake' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/starts with sk_test_ or sk_live_/);
    const saved = await call('PUT', '/api/admin/payment-setup', {
      stripe_secret_key: 'sk_test_other',
      stripe_publishable_key: 'pk_test_fake',
      stripe_webhook_secret: WEBHOOK_SECRET,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().stripe.secret_key).toEqual({ is_set: true, last4: 'ther', source: 'admin' });
    expect(saved.json().stripe.webhook_secret.last4).toBe('alue');
    const rows = await t.db.selectFrom('settings').select(['key', 'value']).execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('sk_test_other');
    expect(stored).not.toContain(WEBHOOK_SECRET);
    expect(rows.find((row) => row.key === 'stripe_secret_key')?.value).toMatch(/^\{"sealed":"v1\./);
  });

  it('Check refuses a pair from two accounts, and keys of two modes, saying so', async () => {
    const other = (await call('POST', '/api/admin/payment-setup/check')).json();
    expect(other).toMatchObject({ ok: false, mode: 'test' });
    expect(other.message).toMatch(/publishable key belongs to another Stripe account/);
    await call('PUT', '/api/admin/payment-setup', { stripe_secret_key: 'sk_test_fake', stripe_publishable_key: 'pk_live_fake' });
    const modes = (await call('POST', '/api/admin/payment-setup/check')).json();
    expect(modes.message).toMatch(/secret key is a test key but the publishable key is a live key/);
    await call('PUT', '/api/admin/payment-setup', { stripe_secret_key: 'sk_test_wrongkey', stripe_publishable_key: 'pk_test_fake' });
    const wrong = (await call('POST', '/api/admin/payment-setup/check')).json();
    expect(wrong.message).toMatch(/Stripe refused the secret key/);
  });

  it('Check passes a test pair, and checkout takes test payments through Stripe with the saved keys', async () => {
    await call('PUT', '/api/admin/payment-setup', { stripe_secret_key: 'sk_test_fake', stripe_publishable_key: 'pk_test_fake' });
    const check = (await call('POST', '/api/admin/payment-setup/check')).json();
    expect(check).toMatchObject({ ok: true, mode: 'test', account_id: 'acct_fake' });
    const before = stripe.created.length;
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody() });
    expect(intent.statusCode).toBe(200);
    expect(stripe.created.length).toBe(before + 1);
    expect((await call('GET', '/api/admin/payment-setup')).json().mode).toBe('test');
  });

  it('ticks when the first signed webhook arrives; Go live is refused while the keys are test keys or the address unconfirmed', async () => {
    expect((await sendWebhook('whsec_wrong')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/payment-setup')).json().stripe.webhook_received_at).toBeNull();
    expect((await sendWebhook(WEBHOOK_SECRET)).statusCode).toBe(200);
    const view = (await call('GET', '/api/admin/payment-setup')).json();
    expect(view.stripe.webhook_received_at).not.toBeNull();
    const refused = await call('POST', '/api/admin/payment-setup/live', { live: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/test keys/);
    expect(refused.json().message).toMatch(/shop's address is not confirmed/);
    expect(refused.json().message).not.toMatch(/No signed webhook/);
  });

  it('goes live with checked live keys, the webhook and the shop address; the live key took no payment before', async () => {
    await call('PUT', '/api/admin/payment-setup', { stripe_secret_key: 'sk_live_fake', stripe_publishable_key: 'pk_live_fake' });
    // Saved but not live yet: checkout keeps to the test provider, never a live charge.
    const early = await t.app.inject({ method: 'GET', url: '/api/checkout/config' });
    expect(early.json().provider).toBe('test');
    const unchecked = await call('POST', '/api/admin/payment-setup/live', { live: true });
    expect(unchecked.json().message).toMatch(/have not been checked/);
    expect((await call('POST', '/api/admin/payment-setup/check')).json()).toMatchObject({ ok: true, mode: 'live' });
    await t.ctx.settings.confirmOrigin('https://shop.example.com');
    const live = await call('POST', '/api/admin/payment-setup/live', { live: true });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ mode: 'live', go_live_blockers: [] });
    expect(live.json().stripe.webhook_url).toBe('https://shop.example.com/api/webhooks/stripe');
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout/config' })).json().provider).toBe('stripe');
  });

  it('asks for the password again when the sign-in is old, and refuses a wrong one', async () => {
    await t.db.updateTable('admin_sessions').set({ created_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await call('GET', '/api/admin/payment-setup')).json().password_required).toBe(true);
    const none = await call('PUT', '/api/admin/payment-setup', { stripe_webhook_secret: 'whsec_other_secret_value' });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toMatch(/Enter your admin password again/);
    const wrong = await call('PUT', '/api/admin/payment-setup', { stripe_webhook_secret: 'whsec_other_secret_value', password: 'not it at all' });
    expect(wrong.statusCode).toBe(403);
    // A setting that is no secret needs no password.
    expect((await call('PUT', '/api/admin/payment-setup', { lemonsqueezy_store: 'my-store' })).statusCode).toBe(200);
    const right = await call('PUT', '/api/admin/payment-setup', { stripe_webhook_secret: WEBHOOK_SECRET, password: TEST_ADMIN_PASSWORD });
    expect(right.statusCode).toBe(200);
  });

  it('never answers a secret: no answer, page or export holds one', async () => {
    answers.push((await t.app.inject({ method: 'GET', url: '/api/admin/export', headers })).body);
    answers.push((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).body);
    answers.push((await t.app.inject({ method: 'GET', url: '/admin/payments' })).body);
    const all = answers.join('\n');
    for (const secret of ['sk_test_fake', 'sk_live_fake', 'sk_test_other', WEBHOOK_SECRET]) expect(all).not.toContain(secret);
  });
});

describe(`secrets set by the environment (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fromtheenvironment', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake' } });
  });
  afterAll(() => t.close());

  it('wins over the admin and the page says so', async () => {
    const headers = await t.adminHeaders();
    const view = (await t.app.inject({ method: 'GET', url: '/api/admin/payment-setup', headers })).json();
    expect(view.stripe.secret_key).toEqual({ is_set: true, last4: 'ment', source: 'environment' });
    expect(view.stripe.publishable_key.source).toBe('environment');
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/payment-setup', headers, payload: { stripe_secret_key: 'sk_test_fake' } });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toMatch(/set by the environment/);
  });
});

describe(`rotating SECRETS_KEY (${testDialect()})`, () => {
  it('re-seals saved secrets at start under the new key, so the old key can go', async () => {
    const [oldKey, newKey] = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    const first = await createTestApp({ env: { SECRETS_KEY: oldKey } });
    await first.ctx.settings.setSecrets({ stripe_secret_key: 'sk_test_rotated' });
    await first.app.close();
    const rotating = await createTestApp({ env: { SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey }, testDb: first.testDb, ownsDb: false });
    expect(rotating.ctx.settings.getSecret('stripe_secret_key')).toBe('sk_test_rotated');
    await rotating.close();
    const after = await createTestApp({ env: { SECRETS_KEY: newKey }, testDb: first.testDb, ownsDb: false });
    expect(after.ctx.settings.getSecret('stripe_secret_key')).toBe('sk_test_rotated');
    await after.close();
    // Without its key a saved secret counts as not set, never as another value.
    const lost = await createTestApp({ env: { SECRETS_KEY: oldKey }, testDb: first.testDb, ownsDb: false });
    expect(lost.ctx.settings.getSecret('stripe_secret_key')).toBeNull();
    expect(lost.ctx.settings.unreadableSecret('stripe_secret_key')).toBe(true);
    await lost.close();
    await first.db.destroy();
    await first.testDb.drop();
  });
});
