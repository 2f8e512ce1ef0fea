import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease, intentBody } from '../../test/checkout-test-helpers.js';
import { withStripeTestApp } from '../../test/stripe-test-app.js';
import { type FakeStripeApi } from '../../test/fake-stripe-api.js';
import { ABANDONED_ORDER_AFTER_MS } from '../../../common/orders.js';

// A buyer who starts checkout again while their order waits gets that order back (docs/checkout.md, "Trying
// again"): one pending order per buyer, plugin and amount, whichever instance and however many at once.

const OTHER_SLUG = 'ucre';
const OTHER_PRICE = 9900;

/** The demo's licensing plugin made purchasable (a second plugin to buy). */
async function makeOtherPluginPurchasable(t: TestApp): Promise<void> {
  await t.db.updateTable('plugins').set({ pricing_active: 1, price: OTHER_PRICE, discount_price: null }).where('slug', '=', OTHER_SLUG).execute();
  await ensureQualifyingRelease(t.db, OTHER_SLUG);
}

const ordersOf = (t: TestApp, email: string) =>
  t.db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .orderBy('id')
    .execute();

const start = async (t: TestApp, overrides: Record<string, unknown> = {}) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ clientSecret: string }>().clientSecret;
};

describe(`checkout attempts of one buyer, test provider (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
    await makeOtherPluginPurchasable(t);
  });
  afterAll(async () => t.close());

  const confirm = (clientSecret: string) =>
    t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });

  it('three attempts leave one pending order; after paying, a new attempt makes a new order', async () => {
    const email = 'again@example.com';
    const secrets = [
      await start(t, { customerEmail: email }),
      await start(t, { customerEmail: ' Again@Example.com ' }),
      await start(t, { customerEmail: email }),
    ];
    const orders = await ordersOf(t, email);
    expect(orders.map((order) => order.status)).toEqual(['pending']);
    // The order's intent stays; each attempt gets a secret for it, and the newest is the one that pays.
    expect(new Set(secrets.map((secret) => secret.split('_secret_')[0]))).toEqual(new Set([orders[0]?.provider_ref]));
    expect((await confirm(secrets[0] as string)).statusCode).toBe(404);
    expect((await confirm(secrets[2] as string)).json()).toEqual({ status: 'succeeded' });
    expect((await ordersOf(t, email)).map((order) => order.status)).toEqual(['paid']);

    await start(t, { customerEmail: email });
    expect((await ordersOf(t, email)).map((order) => order.status)).toEqual(['paid', 'pending']);
  });

  it('another plugin or another price is another order', async () => {
    const email = 'two-plugins@example.com';
    await start(t, { customerEmail: email });
    await start(t, { customerEmail: email, items: [{ id: OTHER_SLUG, name: '8022 Licensing' }], amount: OTHER_PRICE });
    await start(t, { customerEmail: email });
    expect((await ordersOf(t, email)).map((order) => [order.plugin_slug, order.amount, order.status])).toEqual([
      [BUYABLE_SLUG, 4900, 'pending'],
      [OTHER_SLUG, OTHER_PRICE, 'pending'],
    ]);
    // The price a checkout charges is its tier's (docs/pricing.md).
    await t.db.updateTable('plugin_prices').set({ amount: 5900 }).where('plugin_slug', '=', BUYABLE_SLUG).execute();
    try {
      await start(t, { customerEmail: email, amount: 5900 });
    } finally {
      await t.db.updateTable('plugin_prices').set({ amount: 4900 }).where('plugin_slug', '=', BUYABLE_SLUG).execute();
    }
    expect((await ordersOf(t, email)).map((order) => order.amount)).toEqual([4900, OTHER_PRICE, 5900]);
  });

  it('ten attempts at once leave one pending order, and every answer is a client secret', async () => {
    const email = 'double-click@example.com';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: email }) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect((await ordersOf(t, email)).map((order) => order.status)).toEqual(['pending']);
  });

  it('an abandoned pending order (over a day old) stays as it was, and the buyer gets a new one', async () => {
    const email = 'next-week@example.com';
    await start(t, { customerEmail: email });
    const old = new Date(Date.now() - ABANDONED_ORDER_AFTER_MS - 60_000).toISOString();
    await t.db.updateTable('orders').set({ created_at: old }).where('email', '=', email).execute();
    await start(t, { customerEmail: email });
    await start(t, { customerEmail: email });
    const orders = await ordersOf(t, email);
    expect(orders.map((order) => [order.status, order.created_at === old])).toEqual([
      ['pending', true],
      ['pending', false],
    ]);
  });
});

describe(`checkout attempts of one buyer, Stripe (${testDialect()})`, () => {
  let t: TestApp;
  let stripeApi: FakeStripeApi;
  withStripeTestApp(
    undefined,
    (made) => ({ t, stripeApi } = made),
    (made) => makeOtherPluginPurchasable(made.t),
  );

  it('three attempts reuse one PaymentIntent and one pending order: the same client secret each time', async () => {
    const email = 'stripe-again@example.com';
    const before = stripeApi.created.length;
    const secrets = [await start(t, { customerEmail: email }), await start(t, { customerEmail: email }), await start(t, { customerEmail: email })];
    expect(new Set(secrets).size).toBe(1);
    expect(stripeApi.created.length).toBe(before + 1);
    expect((await ordersOf(t, email)).map((order) => order.status)).toEqual(['pending']);
  });

  it('a PaymentIntent that is paid, processing or cancelled is not reused: a new intent and a new order', async () => {
    const email = 'stripe-spent@example.com';
    const first = await start(t, { customerEmail: email });
    const intent = stripeApi.intents.get(first.split('_secret_')[0] as string);
    if (!intent) throw new Error('no intent');
    intent.status = 'processing';
    const second = await start(t, { customerEmail: email });
    expect(second).not.toBe(first);
    const orders = await ordersOf(t, email);
    expect(orders.map((order) => [order.status, order.checkout_key === null])).toEqual([
      ['pending', true],
      ['pending', false],
    ]);
    expect(await start(t, { customerEmail: email })).toBe(second);
  });

  it('another plugin is another PaymentIntent and another order', async () => {
    const email = 'stripe-two@example.com';
    const first = await start(t, { customerEmail: email });
    const other = await start(t, { customerEmail: email, items: [{ id: OTHER_SLUG, name: '8022 Licensing' }], amount: OTHER_PRICE });
    expect(other).not.toBe(first);
    expect((await ordersOf(t, email)).map((order) => order.plugin_slug)).toEqual([BUYABLE_SLUG, OTHER_SLUG]);
  });

  it('five attempts at once leave one pending order; the intents of the others are cancelled', async () => {
    const email = 'stripe-burst@example.com';
    const before = { created: stripeApi.created.length, cancelled: stripeApi.cancelled.length };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: email }) })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
    const orders = await ordersOf(t, email);
    expect(orders.map((order) => order.status)).toEqual(['pending']);
    // Every answer is the one order's client secret.
    expect(new Set(answers.map((answer) => answer.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0]))).toEqual(
      new Set([orders[0]?.provider_ref]),
    );
    const made = stripeApi.created.length - before.created;
    expect(stripeApi.cancelled.length - before.cancelled).toBe(made - 1);
  });
});
