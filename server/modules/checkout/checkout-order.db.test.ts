import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease, intentBody } from '../../test/checkout-test-helpers.js';
import { addPriceTier, payWithTestCard } from '../../test/shop-fixtures.js';
import { ORDER_NOT_FOUND_MESSAGE } from '../../../common/checkout.js';

// POST /api/checkout/order: the success page shows an order only to the browser holding its checkout's client
// secret (docs/checkout.md, "The success page").

describe(`the order of a checkout, by its client secret (${testDialect()})`, () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
  });
  afterAll(async () => t.close());

  const ask = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/checkout/order', payload: payload as object, remoteAddress: `10.7.0.${(++ip % 250) + 1}` });
  const start = async (email: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: email }) })).json<{ clientSecret: string }>()
      .clientSecret;
  const pay = (clientSecret: string) => payWithTestCard(t, clientSecret);

  it('answers the order, pending then paid, to the client secret of its checkout', async () => {
    const clientSecret = await start('proof@example.com');
    const pending = await ask({ clientSecret });
    expect(pending.statusCode).toBe(200);
    const order = {
      plugin_slug: BUYABLE_SLUG,
      plugin_name: 'Postcode Delivery Zones',
      amount: 4900,
      currency: 'GBP',
      tier: { name: 'Standard', term: 'lifetime', sites: 3 },
      expires_at: null,
    };
    expect(pending.json()).toEqual({ status: 'pending', ...order });
    expect((await pay(clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await ask({ clientSecret })).json()).toEqual({ status: 'paid', ...order });
  });

  it("names a yearly tier bought, its sites and the licence's expiry, for the success page (issue 40)", async () => {
    const admin = await t.adminHeaders();
    const created = await addPriceTier(t, admin, { name: 'Business', sites: 5, term: 'year', amount: 9900, currency: 'GBP' });
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: intentBody({
        customerEmail: 'yearly@example.com',
        items: [{ id: BUYABLE_SLUG, name: 'Postcode Delivery Zones', price_id: created.id }],
        amount: 9900,
      }),
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    expect((await ask({ clientSecret })).json()).toMatchObject({ tier: { name: 'Business', term: 'year', sites: 5 }, expires_at: null });
    await pay(clientSecret);
    const paid = (await ask({ clientSecret })).json<{ expires_at: string; tier: unknown }>();
    const license = await t.db.selectFrom('licenses').select('expires_at').where('customer_email', '=', 'yearly@example.com').executeTakeFirstOrThrow();
    expect(paid.expires_at).toBe(license.expires_at);
    expect(Date.parse(paid.expires_at) - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
  });

  it('answers 404 with a neutral message to a wrong secret, the order reference alone, or a secret an attempt replaced', async () => {
    const first = await start('other@example.com');
    const [reference] = first.split('_secret_');
    const second = await start('other@example.com');
    for (const clientSecret of [`${first}x`, reference, 'test_pi_nope_secret_nope', first]) {
      const answer = await ask({ clientSecret });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'NOT_FOUND', message: ORDER_NOT_FOUND_MESSAGE });
    }
    expect((await ask({ clientSecret: second })).statusCode).toBe(200);
  });

  it('answers 400 with a message without a secret', async () => {
    for (const payload of [{}, { clientSecret: '' }, { clientSecret: 'x'.repeat(301) }]) {
      const answer = await ask(payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/clientSecret/);
    }
  });
});
