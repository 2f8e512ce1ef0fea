import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import { addPriceTier, addWebhookEndpoint, buyWithTestCard, latestDeliveryData, payWithTestCard } from '../../test/shop-fixtures.js';
import type { AdminPrice } from '../../../common/prices.js';
import type { RenewalQuote } from '../../../common/renewals.js';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';

// Refunding an upgrade moves the licence back to the tier it came from (issue 26; docs/pricing.md "Upgrades").
describe(`refunded upgrades (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let personal: AdminPrice; // 2 sites, yearly
  let business: AdminPrice; // 5 sites, yearly
  let agency: AdminPrice; // unlimited, yearly
  let buyers = 0;
  let addresses = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'https://shop.example.com' } });
    await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
    await ensureQualifyingRelease(t.db);
    admin = await t.adminHeaders();
    const add = (body: object) => addPriceTier(t, admin, body);
    personal = await add({ name: 'Personal', sites: 2, term: 'year', amount: 6000, currency: 'GBP' });
    business = await add({ name: 'Business', sites: 5, term: 'year', amount: 10000, currency: 'GBP' });
    agency = await add({ name: 'Agency', sites: null, term: 'year', amount: 25000, currency: 'GBP' });
    await addWebhookEndpoint(t, admin);
  });
  afterAll(async () => t.close());

  // Each call from an address of its own: the renewal and machine routes have per-address budgets.
  const from = () => `192.0.2.${++addresses}`;
  const pay = (clientSecret: string) => payWithTestCard(t, clientSecret);
  const buy = (price: AdminPrice) => buyWithTestCard(t, price, `upgrade-refund-${++buyers}@example.com`);
  const upgrade = async (key: string, to: AdminPrice) => {
    const quote = (
      await t.app.inject({ method: 'POST', url: '/api/renewals/quote', remoteAddress: from(), payload: { license_key: key } })
    ).json<RenewalQuote>();
    const offer = quote.upgrades.find((candidate) => candidate.id === to.id);
    expect(offer, JSON.stringify(quote)).toBeDefined();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/renewals/payment-intent',
      remoteAddress: from(),
      payload: { license_key: key, kind: 'upgrade', price_id: to.id, amount: offer?.amount },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await pay(started.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    return t.db.selectFrom('orders').selectAll().where('kind', '=', 'upgrade').where('price_id', '=', to.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  };
  const refund = (orderId: number) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers: admin });
  const license = (id: number) => t.db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const machine = (action: 'activate' | 'validate' | 'deactivate') => (key: string, site: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/licenses/${action}`,
      remoteAddress: from(),
      payload: { license_key: key, site_url: site, plugin_slug: BUYABLE_SLUG },
    });
  const [activate, validate, deactivate] = [machine('activate'), machine('validate'), machine('deactivate')];
  const activities = (type: string) => t.db.selectFrom('activities').selectAll().where('action_type', '=', type).orderBy('id').execute();

  it('moves the licence back to its former tier and site limit; sites beyond the old limit keep working, new ones wait for a free seat', async () => {
    const bought = await buy(business);
    const order = await upgrade(bought.license.key, agency);
    expect(order).toMatchObject({ from_price_id: business.id, from_max_activations: 5, target_license_id: bought.license.id, status: 'paid' });
    expect(await license(bought.license.id)).toMatchObject({ price_id: agency.id, max_activations: UNLIMITED_ACTIVATIONS });
    const sites = Array.from({ length: 7 }, (_, i) => `https://site-${i}.example.com`);
    for (const site of sites) expect((await activate(bought.license.key, site)).json(), site).toMatchObject({ activated: true });

    const refunded = await refund(order.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await license(bought.license.id);
    expect(after).toMatchObject({
      status: 'active',
      key: bought.license.key,
      price_id: business.id,
      max_activations: 5,
      expires_at: bought.license.expires_at,
    });
    const [entry] = await activities('license_upgrade_refunded');
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({
      order_id: order.id,
      outcome: 'reverted',
      from_price_id: agency.id,
      to_price_id: business.id,
      max_activations: 5,
      sites_over_limit: 2,
    });
    expect(await latestDeliveryData(t.db, 'license.updated')).toMatchObject({ key: bought.license.key, max_activations: 5 });
    expect(await t.db.selectFrom('emails').select('kind').where('order_id', '=', order.id).where('kind', '=', 'refund').execute()).toHaveLength(1);

    // Kept: every activated site still validates. Refused: an eighth site, until the count is below five again.
    for (const site of sites) expect((await validate(bought.license.key, site)).json(), site).toMatchObject({ valid: true });
    expect((await activate(bought.license.key, 'https://site-new.example.com')).json()).toMatchObject({ activated: false });
    for (const site of sites.slice(0, 3)) expect((await deactivate(bought.license.key, site)).statusCode).toBe(200);
    expect((await activate(bought.license.key, 'https://site-new.example.com')).json()).toMatchObject({ activated: true });
    // The licence is on Business again, so the Agency upgrade is offered again.
    const quote = (
      await t.app.inject({ method: 'POST', url: '/api/renewals/quote', remoteAddress: from(), payload: { license_key: bought.license.key } })
    ).json<RenewalQuote>();
    expect(quote.tier).toMatchObject({ id: business.id });
    expect(quote.upgrades.map((offer) => offer.id)).toEqual([agency.id]);
  });

  it('still revokes the licence of a refunded new order, upgraded or not', async () => {
    const bought = await buy(personal);
    await upgrade(bought.license.key, business);
    expect((await refund(bought.order.id)).statusCode).toBe(200);
    expect(await license(bought.license.id)).toMatchObject({ status: 'revoked' });
  });

  it('leaves a licence a later upgrade moved on from, and says so in the activity', async () => {
    const bought = await buy(personal);
    const first = await upgrade(bought.license.key, business);
    const second = await upgrade(bought.license.key, agency);
    expect(second).toMatchObject({ from_price_id: business.id, from_max_activations: 5 });
    const before = (await activities('license_upgrade_refunded')).length;
    expect((await refund(first.id)).statusCode).toBe(200);
    expect(await license(bought.license.id)).toMatchObject({ price_id: agency.id, max_activations: UNLIMITED_ACTIVATIONS, status: 'active' });
    const entries = await activities('license_upgrade_refunded');
    expect(entries).toHaveLength(before + 1);
    expect(JSON.parse(entries.at(-1)?.details ?? '{}')).toMatchObject({ order_id: first.id, outcome: 'superseded', price_id: agency.id });
    // Refunding the later one moves it back to Business, the tier that upgrade came from.
    expect((await refund(second.id)).statusCode).toBe(200);
    expect(await license(bought.license.id)).toMatchObject({ price_id: business.id, max_activations: 5 });
  });
});
