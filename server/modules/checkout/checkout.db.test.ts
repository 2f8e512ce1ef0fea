import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { afterOneFulfilment, BUYABLE_SLUG, ensureQualifyingRelease, fulfilmentCounts, intentBody } from '../../test/checkout-test-helpers.js';

describe(`checkout with the test provider (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
  });
  afterAll(async () => t.close());

  const createIntent = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: payload as object });
  const confirm = (payload: object) => t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload });

  it('tells the page to use the test provider when Stripe is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/checkout/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'test', publishableKey: null, message: null });
  });

  it.each([
    ['amount tampering', intentBody({ amount: 100 }), 422, /does not match the current price.*£49/],
    ['unknown plugin', intentBody({ items: [{ id: 'no-such-plugin', name: 'x' }] }), 404, /No plugin with the id 'no-such-plugin'/],
    ['non-purchasable plugin', intentBody({ items: [{ id: 'ucre', name: '8022 Licensing' }], amount: 9900 }), 422, /not available for purchase/],
    ['bad e-mail', intentBody({ customerEmail: 'not-an-email' }), 400, /customerEmail.*valid e-mail/],
    ['empty e-mail', intentBody({ customerEmail: '' }), 400, /customerEmail/],
    ['no items', intentBody({ items: [] }), 400, /items/],
    ['fractional amount', intentBody({ amount: 49.5 }), 400, /amount/],
    ['amount as text', intentBody({ amount: '4900' }), 400, /amount/],
    ['a text body', 'not json', 415, /.+/],
  ])('refuses %s with a 4xx and a message, writing nothing', async (_name, payload, status, message) => {
    const before = await fulfilmentCounts(t.db);
    const response = await createIntent(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await fulfilmentCounts(t.db)).toEqual(before);
  });

  it('refuses a plugin whose only qualifying release was withdrawn, and sells it again once restored', async () => {
    const withdraw = (at: string | null) => t.db.updateTable('releases').set({ withdrawn_at: at }).where('plugin_slug', '=', BUYABLE_SLUG).execute();
    await withdraw(new Date().toISOString());
    const refused = await createIntent(intentBody({ customerEmail: 'restored@example.com' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/not available for purchase/);
    await withdraw(null);
    expect((await createIntent(intentBody({ customerEmail: 'restored@example.com' }))).statusCode).toBe(200);
  });

  it('declines 4000 0000 0000 0002 with a message, then 4242 4242 4242 4242 pays: one order, one licence, one e-mail', async () => {
    const before = await fulfilmentCounts(t.db);
    const intent = await createIntent(intentBody({ customerEmail: ' Buyer@Example.com ' }));
    expect(intent.statusCode).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    expect(clientSecret).toMatch(/^test_pi_/);

    const declined = await confirm({ clientSecret, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ status: 'declined', message: expect.stringContaining('declined') });
    const afterDecline = await fulfilmentCounts(t.db);
    expect(afterDecline).toMatchObject({ orders: before.orders + 1, paid: before.paid, licenses: before.licenses });

    const paid = await confirm({ clientSecret, cardNumber: '4242 4242 4242 4242' });
    expect(paid.json()).toEqual({ status: 'succeeded' });
    // A double click confirms twice: still one licence.
    expect((await confirm({ clientSecret, cardNumber: '4242424242424242' })).json()).toEqual({ status: 'succeeded' });

    expect(await fulfilmentCounts(t.db)).toEqual(afterOneFulfilment(before, 1));
    const orders = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: await t.adminHeaders() })).json<Array<Record<string, unknown>>>();
    expect(orders[0]).toMatchObject({
      email: 'Buyer@Example.com',
      plugin_slug: BUYABLE_SLUG,
      amount: 4900,
      currency: 'GBP',
      status: 'paid',
      provider: 'test',
      license_key: expect.stringMatching(/^8022(-[A-Z0-9]{4}){4}$/),
      email_status: 'outbox',
    });
    const license = await t.db
      .selectFrom('licenses')
      .selectAll()
      .where('key', '=', orders[0]?.license_key as string)
      .executeTakeFirstOrThrow();
    expect(license).toMatchObject({ plan: 'lifetime', max_activations: 3, status: 'active', expires_at: null, plugin_slug: BUYABLE_SLUG });

    const emails = (await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: await t.adminHeaders() })).json<Array<Record<string, string>>>();
    expect(emails[0]).toMatchObject({ to: 'Buyer@Example.com', status: 'outbox', subject: 'Your Postcode Delivery Zones licence key' });
    expect(emails[0]?.text).toContain(license.key);
    expect(emails[0]?.text).toMatch(/\/api\/v1\/downloads\/\S+\/postcode-delivery-zones-1\.7\.51\.zip/);
    expect(emails[0]?.text).toContain('support@8022.dev');
    expect(emails[0]?.html).toContain(license.key);
  });

  it('refuses a confirmation for an unknown client secret or a malformed card', async () => {
    expect((await confirm({ clientSecret: 'test_pi_nope_secret_x', cardNumber: '4242424242424242' })).statusCode).toBe(404);
    const malformed = await confirm({ clientSecret: 'x', cardNumber: '42' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/cardNumber/);
  });

  it('resends the licence e-mail of a paid order and refuses one for a pending order', async () => {
    const headers = await t.adminHeaders();
    const orders = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).json<Array<{ id: number; status: string }>>();
    const paidOrder = orders.find((order) => order.status === 'paid');
    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${paidOrder?.id}/resend-email`, headers });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ order: { id: paidOrder?.id, email_status: 'outbox' }, email: { status: 'outbox' } });

    const pending = await createIntent(intentBody({ customerEmail: 'later@example.com' }));
    expect(pending.statusCode).toBe(200);
    const pendingOrder = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers })).json<Array<{ id: number; status: string }>>()[0];
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${pendingOrder?.id}/resend-email`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/pending/);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/orders/abc/resend-email', headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/orders/99999/resend-email', headers })).statusCode).toBe(404);
  });

  it('keeps the admin order and e-mail lists behind the admin guard', async () => {
    for (const url of ['/api/admin/orders', '/api/admin/emails']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/orders/1/resend-email' })).statusCode).toBe(401);
  });
});

describe(`when the built-in test provider is live (${testDialect()})`, () => {
  // Zero configuration must keep working (`npm ci && npm start`, production mode): test payments, banner.
  it.each([
    ['production, nothing configured', 'test', { NODE_ENV: 'production' }],
    ['a Stripe key', 'stripe', { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }],
    // NODE_ENV unset is production: the case, a real provider beside live test payments.
    ['NODE_ENV unset, a Lemon Squeezy secret', 'unavailable', { NODE_ENV: '', LEMONSQUEEZY_WEBHOOK_SECRET: 'ls_secret' }],
    ['a Lemon Squeezy secret only', 'unavailable', { NODE_ENV: 'production', LEMONSQUEEZY_WEBHOOK_SECRET: 'ls_secret' }],
    ['PAYMENTS_TEST_MODE=true beside Stripe', 'test', { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', PAYMENTS_TEST_MODE: 'true' }],
    ['PAYMENTS_TEST_MODE=true beside Lemon Squeezy', 'test', { LEMONSQUEEZY_WEBHOOK_SECRET: 'ls_secret', PAYMENTS_TEST_MODE: 'true' }],
    ['PAYMENTS_TEST_MODE=false, nothing configured', 'unavailable', { NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'false' }],
  ])('%s: the checkout uses %s', async (_name, provider, env) => {
    const t = await createTestApp({ env });
    try {
      const config = (await t.app.inject({ method: 'GET', url: '/api/checkout/config' })).json<{ provider: string; message: string | null }>();
      expect(config.provider).toBe(provider);
      // Lemon Squeezy without its store (docs/pricing.md "Lemon Squeezy") says so; otherwise how to configure a card provider.
      const lemonSqueezy = 'LEMONSQUEEZY_WEBHOOK_SECRET' in env && !('PAYMENTS_TEST_MODE' in env);
      if (provider === 'unavailable')
        expect(config.message).toMatch(lemonSqueezy ? /Lemon Squeezy.*store is not set up/ : /STRIPE_SECRET_KEY.*PAYMENTS_TEST_MODE=true/);
      if (provider === 'test') return;
      await ensureQualifyingRelease(t.db);
      const before = await fulfilmentCounts(t.db);
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/test/confirm',
        payload: { clientSecret: 'test_pi_x_secret_y', cardNumber: '4242424242424242' },
      });
      expect(confirm.statusCode).toBe(403);
      expect(confirm.json().message).toMatch(/Test payments are switched off/);
      if (provider === 'unavailable')
        expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody() })).statusCode).toBe(503);
      expect(await fulfilmentCounts(t.db)).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it('switches off as soon as a Lemon Squeezy secret is saved in Settings: a pending test order cannot be confirmed', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      await ensureQualifyingRelease(t.db);
      const headers = await t.adminHeaders();
      const setSecret = async (value: string | null) =>
        expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { lemonsqueezy_webhook_secret: value } })).statusCode).toBe(
          200,
        );
      const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody() });
      const confirm = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkout/test/confirm',
          payload: { clientSecret: intent.json().clientSecret, cardNumber: '4242424242424242' },
        });

      await setSecret('ls_saved_in_settings');
      const before = await fulfilmentCounts(t.db);
      expect((await t.app.inject({ method: 'GET', url: '/api/checkout/config' })).json()).toMatchObject({ provider: 'unavailable' });
      const refused = await confirm();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'FORBIDDEN', message: expect.stringMatching(/no payment was taken/) });
      expect(await fulfilmentCounts(t.db)).toEqual(before);

      await setSecret(null);
      expect((await confirm()).json()).toEqual({ status: 'succeeded' });
      expect(await fulfilmentCounts(t.db)).toMatchObject({ paid: before.paid + 1, licenses: before.licenses + 1 });
    } finally {
      await t.close();
    }
  });
});
