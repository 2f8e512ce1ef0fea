import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease, fulfilmentCounts, intentBody } from '../../test/checkout-test-helpers.js';
import type { PublicPlugin } from '../../../common/catalog.js';
import type { AdminPrice } from '../../../common/prices.js';
import { addTerm } from '../../../common/prices.js';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';

describe(`price tiers (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
    admin = await t.adminHeaders();
  });
  afterAll(async () => t.close());

  const catalogPlugin = async (slug = BUYABLE_SLUG) =>
    (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<PublicPlugin[]>().find((plugin) => plugin.slug === slug) as PublicPlugin;
  const addTier = (body: object, slug = BUYABLE_SLUG) =>
    t.app.inject({ method: 'POST', url: `/api/admin/plugins/${slug}/prices`, headers: admin, payload: body });
  const editTier = (id: number, body: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/prices/${id}`, headers: admin, payload: body });
  const createIntent = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload });
  const pay = (clientSecret: string) =>
    t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });
  const buy = async (priceId: number, amount: number, email: string) => {
    const intent = await createIntent(intentBody({ items: [{ id: BUYABLE_SLUG, price_id: priceId }], amount, customerEmail: email }));
    expect(intent.statusCode).toBe(200);
    expect((await pay(intent.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    const order = await t.db.selectFrom('orders').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const license = await t.db.selectFrom('licenses').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    return { order, license };
  };

  it("gives the seeded plugin one tier mirroring its price (lifetime, 3 sites), so the storefront's figures stay", async () => {
    const plugin = await catalogPlugin();
    expect(plugin.prices).toEqual([{ id: expect.any(Number), name: 'Standard', sites: 3, term: 'lifetime', amount: 4900, sale_amount: null, currency: 'GBP' }]);
    expect(plugin.price).toBe(4900);
    expect(plugin.is_purchasable).toBe(true);
  });

  it('keeps the base tier and the Pricing form in step both ways', async () => {
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${BUYABLE_SLUG}`, headers: admin, payload: { discount_price: 3900 } });
    expect(patch.statusCode).toBe(200);
    const base = (await catalogPlugin()).prices[0];
    expect(base).toMatchObject({ amount: 4900, sale_amount: 3900 });
    expect((await editTier(base!.id, { sale_amount: null })).statusCode).toBe(200);
    expect(await catalogPlugin()).toMatchObject({ price: 4900, discount_price: null });
  });

  it('lets the admin add, edit and deactivate tiers; the storefront shows only active ones, in order', async () => {
    const created = await addTier({ name: 'Agency', sites: null, term: 'lifetime', amount: 19900, currency: 'GBP', sort_order: 9 });
    expect(created.statusCode).toBe(201);
    const agency = created.json<AdminPrice>();
    expect(agency).toMatchObject({ name: 'Agency', sites: null, active: true, renewal_discount_percent: 0, sort_order: 9 });
    expect((await catalogPlugin()).prices.map((price) => price.name)).toEqual(['Standard', 'Agency']);
    expect((await editTier(agency.id, { active: false })).json()).toMatchObject({ active: false });
    expect((await catalogPlugin()).prices.map((price) => price.name)).toEqual(['Standard']);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`, headers: admin });
    expect(list.json<AdminPrice[]>().map((price) => [price.name, price.active])).toEqual([
      ['Standard', true],
      ['Agency', false],
    ]);
    expect((await editTier(agency.id, { active: true })).statusCode).toBe(200);
  });

  it.each([
    ['no name', { sites: 5, term: 'year', amount: 100, currency: 'GBP' }, /name/],
    ['zero sites', { name: 'x', sites: 0, term: 'year', amount: 100, currency: 'GBP' }, /sites/],
    ['an unknown term', { name: 'x', sites: 1, term: 'week', amount: 100, currency: 'GBP' }, /term/],
    ['a fractional amount', { name: 'x', sites: 1, term: 'year', amount: 1.5, currency: 'GBP' }, /amount/],
    ['a sale above the amount', { name: 'x', sites: 1, term: 'year', amount: 100, sale_amount: 200, currency: 'GBP' }, /sale_amount/],
    ['an unknown currency', { name: 'x', sites: 1, term: 'year', amount: 100, currency: 'JPY' }, /currency/],
    [
      'a renewal discount over 100',
      { name: 'x', sites: 1, term: 'year', amount: 100, currency: 'GBP', renewal_discount_percent: 101 },
      /renewal_discount_percent/,
    ],
  ])('refuses a tier with %s (400, nothing written)', async (_name, body, message) => {
    const before = (await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`, headers: admin })).json<AdminPrice[]>();
    const response = await addTier(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`, headers: admin })).json()).toEqual(before);
  });

  it('answers 404 for an unknown plugin or tier and 401 without an admin session', async () => {
    expect((await addTier({ name: 'x', sites: 1, term: 'year', amount: 100, currency: 'GBP' }, 'no-such-plugin')).statusCode).toBe(404);
    expect((await editTier(999999, { name: 'x' })).statusCode).toBe(404);
    expect((await editTier(1, { sale_amount: 999999999 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${BUYABLE_SLUG}/prices` })).statusCode).toBe(401);
  });

  it('sells a yearly 5-site tier: the server prices it, the order records it, the licence has 5 sites and expires a year after payment', async () => {
    const tier = (await addTier({ name: 'Business', sites: 5, term: 'year', amount: 9900, sale_amount: 7900, currency: 'GBP' })).json<AdminPrice>();
    const tampered = await createIntent(intentBody({ items: [{ id: BUYABLE_SLUG, price_id: tier.id }], amount: 9900, customerEmail: 'business@example.com' }));
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json<{ message: string }>().message).toMatch(/does not match.*Business.*£79/);
    const { order, license } = await buy(tier.id, 7900, 'business@example.com');
    expect(order).toMatchObject({ amount: 7900, currency: 'GBP', price_id: tier.id, kind: 'new', status: 'paid', discount_amount: 0, coupon_id: null });
    expect(license).toMatchObject({ plan: 'pro_yearly', max_activations: 5, price_id: tier.id });
    expect(license.expires_at).toBe(addTerm(order.paid_at as string, 'year'));
    expect(Date.parse(license.expires_at as string) - Date.parse(order.paid_at as string)).toBeGreaterThanOrEqual(365 * 86_400_000);
  });

  it('sells an unlimited lifetime tier and a monthly one', async () => {
    const unlimited = (await addTier({ name: 'Unlimited', sites: null, term: 'lifetime', amount: 29900, currency: 'EUR' })).json<AdminPrice>();
    const bought = await buy(unlimited.id, 29900, 'unlimited@example.com');
    expect(bought.order).toMatchObject({ currency: 'EUR', amount: 29900 });
    expect(bought.license).toMatchObject({ plan: 'lifetime', max_activations: UNLIMITED_ACTIVATIONS, expires_at: null });
    const monthly = (await addTier({ name: 'Monthly', sites: 1, term: 'month', amount: 900, currency: 'GBP' })).json<AdminPrice>();
    const month = await buy(monthly.id, 900, 'monthly@example.com');
    expect(month.license).toMatchObject({ plan: 'pro_monthly', max_activations: 1, expires_at: addTerm(month.order.paid_at as string, 'month') });
  });

  it('keeps accepting the old request shape: the first active tier', async () => {
    const intent = await createIntent(intentBody({ customerEmail: 'old-shape@example.com' }));
    expect(intent.statusCode).toBe(200);
    await pay(intent.json<{ clientSecret: string }>().clientSecret);
    const order = await t.db.selectFrom('orders').selectAll().where('email', '=', 'old-shape@example.com').executeTakeFirstOrThrow();
    const base = (await catalogPlugin()).prices[0];
    expect(order).toMatchObject({ price_id: base!.id, amount: 4900 });
    const license = await t.db.selectFrom('licenses').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(license).toMatchObject({ plan: 'lifetime', max_activations: 3, expires_at: null });
  });

  it('refuses an unknown tier, an inactive one and one of another plugin with a 4xx, writing nothing', async () => {
    const inactive = (await addTier({ name: 'Old', sites: 2, term: 'year', amount: 500, currency: 'GBP', active: false })).json<AdminPrice>();
    const other = (await addTier({ name: 'Other', sites: 2, term: 'year', amount: 500, currency: 'GBP' }, 'ucre')).json<AdminPrice>();
    const cases: Array<[number, number, RegExp]> = [
      [999999, 404, /No price tier with the id 999999/],
      [inactive.id, 422, /no longer on sale/],
      [other.id, 422, /belongs to another plugin/],
    ];
    for (const [priceId, status, message] of cases) {
      const before = await fulfilmentCounts(t.db);
      const response = await createIntent(intentBody({ items: [{ id: BUYABLE_SLUG, price_id: priceId }], amount: 500 }));
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(await fulfilmentCounts(t.db)).toEqual(before);
    }
    expect((await createIntent(intentBody({ items: [{ id: BUYABLE_SLUG, price_id: 0 }] }))).statusCode).toBe(400);
  });
});
