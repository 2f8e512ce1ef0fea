import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import {
  addPriceTier,
  addWebhookEndpoint,
  buyWithTestCard,
  deliveredEmail as deliveredEmailOf,
  latestDeliveryData,
  payWithTestCard,
} from '../../test/shop-fixtures.js';
import { applyPaymentEvent } from '../orders/index.js';
import { signInWorkSettled } from '../account/index.js';
import { CUSTOMER_SESSION_COOKIE, type AccountLicense } from '../../../common/account.js';
import type { AdminPrice } from '../../../common/prices.js';
import { addTerm } from '../../../common/prices.js';
import { longDate } from '../../../common/store-terms.js';
import { termStartOf, upgradePriceMinor, type RenewalQuote } from '../../../common/renewals.js';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';

// Renewals and upgrades of a licence (issue 26; docs/pricing.md "Renewals" and "Upgrades").
describe(`renewals and upgrades (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let yearly: AdminPrice; // 5 sites, £100, 20% renewal discount
  let yearlyUnlimited: AdminPrice; // unlimited, £250
  let yearlyTwo: AdminPrice; // 2 sites, £60
  let monthly: AdminPrice; // 10 sites, monthly
  let lifetime3: AdminPrice; // the seeded Standard tier
  let lifetimeUnlimited: AdminPrice;
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'https://shop.example.com' } });
    await ensureQualifyingRelease(t.db);
    admin = await t.adminHeaders();
    const add = (body: object) => addPriceTier(t, admin, body);
    yearly = await add({ name: 'Business', sites: 5, term: 'year', amount: 10000, currency: 'GBP', renewal_discount_percent: 20 });
    yearlyUnlimited = await add({ name: 'Agency', sites: null, term: 'year', amount: 25000, currency: 'GBP' });
    yearlyTwo = await add({ name: 'Personal', sites: 2, term: 'year', amount: 6000, currency: 'GBP' });
    monthly = await add({ name: 'Monthly', sites: 10, term: 'month', amount: 1500, currency: 'GBP' });
    lifetimeUnlimited = await add({ name: 'Lifetime Agency', sites: null, term: 'lifetime', amount: 19900, currency: 'GBP' });
    const prices = (await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`, headers: admin })).json<AdminPrice[]>();
    lifetime3 = prices.find((price) => price.name === 'Standard') as AdminPrice;
    await addWebhookEndpoint(t, admin);
  });
  afterAll(async () => t.close());

  const pay = (clientSecret: string) => payWithTestCard(t, clientSecret);
  const buy = async (price: AdminPrice) => (await buyWithTestCard(t, price, `renew-buyer-${++buyers}@example.com`)).license;
  const license = (id: number) => t.db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setLicense = (id: number, values: { expires_at?: string | null; status?: string; price_id?: number | null }) =>
    t.db.updateTable('licenses').set(values).where('id', '=', id).execute();
  const quote = (key: string) => t.app.inject({ method: 'POST', url: '/api/renewals/quote', payload: { license_key: key } });
  const intent = (payload: object) => t.app.inject({ method: 'POST', url: '/api/renewals/payment-intent', payload });
  const count = async (table: 'orders' | 'webhook_deliveries' | 'emails', where: [string, string | number][] = []) => {
    let query = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's loose filter
    for (const [column, value] of where) query = query.where(column as any, '=', value);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const deliveredEmail = (orderId: number) => deliveredEmailOf(t.db, orderId);
  const renewAndPay = async (key: string, amount: number) => {
    const started = await intent({ license_key: key, kind: 'renewal', amount });
    expect(started.statusCode, started.body).toBe(200);
    expect((await pay(started.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
  };

  it('quotes a yearly licence: its tier, the renewal price with the discount, the new expiry and the higher tiers', async () => {
    const bought = await buy(yearly);
    const body = (await quote(bought.key.toLowerCase())).json<RenewalQuote>();
    expect(body).toMatchObject({
      plugin_slug: BUYABLE_SLUG,
      status: 'active',
      expires_at: bought.expires_at,
      tier: { id: yearly.id, name: 'Business', sites: 5, term: 'year' },
      renewal: { available: true, amount: 8000, currency: 'GBP', new_expires_at: addTerm(bought.expires_at as string, 'year') },
      upgrade_note: null,
    });
    expect(body.license_key_hint).toBe(`…${bought.key.slice(-4)}`);
    // Only higher tiers of the same term: not Personal (fewer sites), Monthly (another term) or the lifetime ones.
    expect(body.upgrades.map((upgrade) => upgrade.name)).toEqual(['Agency']);
  });

  it('renews early: the expiry moves by exactly one term from the current expiry, order kind renewal, license.renewed out', async () => {
    const bought = await buy(yearly);
    const before = bought.expires_at as string;
    await renewAndPay(bought.key, 8000);
    const after = await license(bought.id);
    expect(after.expires_at).toBe(addTerm(before, 'year'));
    expect(after).toMatchObject({ status: 'active', key: bought.key, max_activations: 5, price_id: yearly.id });
    const order = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', bought.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: 'renewal', status: 'paid', amount: 8000, price_id: yearly.id, license_id: null, email: bought.customer_email });
    expect(await latestDeliveryData(t.db, 'license.renewed')).toMatchObject({
      license: { key: bought.key, expires_at: after.expires_at },
      order_id: order.id,
      previous_expires_at: before,
    });
    // The receipt (the licence e-mail) names the kind, the tier and its term, and the new expiry.
    const email = await deliveredEmail(order.id);
    expect(email.subject).toBe('Your Postcode Delivery Zones licence is renewed');
    expect(email.text).toContain('Thank you for renewing Postcode Delivery Zones!');
    expect(email.text).toContain('Order: Renewal, Business (yearly licence, 5 sites)');
    expect(email.text).toContain(`Valid until: ${after.expires_at!.slice(0, 10)}; renew at https://shop.example.com/renew?key=${bought.key}`);
    expect(email.text).toContain(`Your licence (Business) covers up to 5 websites. Updates until ${longDate(after.expires_at!)}, renewable.`);
    expect(email.text).not.toMatch(/Lifetime updates|up to 3 websites/);
    const resent = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/resend-email`, headers: admin });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ order: { id: order.id, kind: 'renewal', license_key: bought.key } });
  });

  it('takes the term back when a renewal is refunded: the expiry returns to where it was, the licence keeps working', async () => {
    const bought = await buy(yearly);
    const before = bought.expires_at as string;
    // From an address of its own: the other tests here spend this file's per-address renewal budget (30 a minute).
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/renewals/payment-intent',
      remoteAddress: '192.0.2.26',
      payload: { license_key: bought.key, kind: 'renewal', amount: 8000 },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect((await pay(started.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await license(bought.id)).expires_at).toBe(addTerm(before, 'year'));
    const order = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', bought.id).executeTakeFirstOrThrow();
    const refunded = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await license(bought.id);
    expect(after).toMatchObject({ status: 'active', expires_at: before, key: bought.key });
    expect(await latestDeliveryData(t.db, 'license.updated')).toMatchObject({ key: bought.key, expires_at: before });
    // A second refund of the same order changes nothing more.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin })).statusCode).toBe(409);
    expect((await license(bought.id)).expires_at).toBe(before);
  });

  it('renews after expiry: from now by one term, and the licence is active again', async () => {
    const bought = await buy(yearly);
    await setLicense(bought.id, { expires_at: new Date(Date.now() - 40 * 86_400_000).toISOString(), status: 'expired' });
    expect((await quote(bought.key)).json()).toMatchObject({ status: 'expired', renewal: { available: true }, upgrades: [] });
    const start = new Date().toISOString();
    await renewAndPay(bought.key, 8000);
    const after = await license(bought.id);
    expect(after.status).toBe('active');
    expect(after.expires_at! >= addTerm(start, 'year')!).toBe(true);
    expect(after.expires_at! <= addTerm(new Date().toISOString(), 'year')!).toBe(true);
  });

  it('renews a monthly licence by one calendar month', async () => {
    const bought = await buy(monthly);
    await setLicense(bought.id, { expires_at: '2099-01-31T10:00:00.000Z' });
    await renewAndPay(bought.key, 1500);
    expect((await license(bought.id)).expires_at).toBe('2099-02-28T10:00:00.000Z');
  });

  it('refuses a renewal, with a 4xx and no order, for a revoked, a lifetime or a hand-made licence, an unknown key, a wrong amount', async () => {
    const orders = await count('orders');
    const revoked = await buy(yearly);
    await setLicense(revoked.id, { status: 'revoked' });
    const life = await buy(lifetime3);
    const handMade = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers: admin,
      payload: { plugin_slug: BUYABLE_SLUG, plan: 'pro_yearly', max_activations: 2 },
    });
    const handKey = handMade.json<{ key: string }>().key;
    const cases: Array<[string, number, RegExp]> = [
      [revoked.key, 422, /revoked/],
      [life.key, 422, /lifetime licence/],
      [handKey, 422, /not sold from a price tier/],
      ['NOPE-NOPE-NOPE-NOPE', 404, /No licence has this key/],
    ];
    for (const [key, status, message] of cases) {
      const refused = await intent({ license_key: key, kind: 'renewal', amount: 8000 });
      expect(refused.statusCode, key).toBe(status);
      expect(refused.json().message).toMatch(message);
    }
    expect((await quote(revoked.key)).json()).toMatchObject({ renewal: { available: false, reason: expect.stringMatching(/revoked/) } });
    expect((await quote(life.key)).json()).toMatchObject({ renewal: { available: false, reason: expect.stringMatching(/lifetime/) } });
    const tampered = await intent({ license_key: (await buy(yearly)).key, kind: 'renewal', amount: 1 });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().message).toMatch(/does not match the renewal price, £80 \(8000 in minor units\)/);
    expect(await count('orders')).toBe(orders + 3); // the three licences bought above, nothing else
  });

  it('answers malformed requests with a 400 naming the field', async () => {
    for (const payload of [
      {},
      { license_key: '' },
      { license_key: 'x'.repeat(65), kind: 'renewal', amount: 1 },
      { license_key: 'K', kind: 'sideways', amount: 1 },
      { license_key: 'K', kind: 'upgrade', amount: 1 },
      { license_key: 'K', kind: 'renewal', price_id: 3, amount: 1 },
      { license_key: 'K', kind: 'renewal', amount: 1.5 },
      { license_key: 'K', kind: 'renewal', amount: 1, customerEmail: 'not-an-address' },
    ]) {
      const response = await intent(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await quote('')).statusCode).toBe(400);
  });

  it('upgrades a yearly licence to unlimited, paying the difference prorated by the days left; the key and expiry stay', async () => {
    const bought = await buy(yearly);
    const expires = new Date(Date.now() + 100 * 86_400_000 - 3_600_000).toISOString(); // 99 days and 23 hours left: 100 started days
    await setLicense(bought.id, { expires_at: expires });
    const termDays = Math.round((Date.parse(expires) - Date.parse(termStartOf(expires, 'year'))) / 86_400_000);
    const expected = Math.round((15000 * 100) / termDays);
    expect(upgradePriceMinor({ difference: 15000, term: 'year', expiresAt: expires, termStart: termStartOf(expires, 'year'), now: new Date() })).toBe(expected);
    const offered = (await quote(bought.key)).json<RenewalQuote>().upgrades;
    expect(offered).toEqual([{ id: yearlyUnlimited.id, name: 'Agency', sites: null, term: 'year', amount: expected, currency: 'GBP', tax: null }]);
    const started = await intent({ license_key: bought.key, kind: 'upgrade', price_id: yearlyUnlimited.id, amount: expected });
    expect(started.statusCode, started.body).toBe(200);
    expect((await pay(started.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    const after = await license(bought.id);
    expect(after).toMatchObject({
      key: bought.key,
      expires_at: expires,
      price_id: yearlyUnlimited.id,
      max_activations: UNLIMITED_ACTIVATIONS,
      status: 'active',
    });
    const order = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', bought.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ kind: 'upgrade', amount: expected, price_id: yearlyUnlimited.id, status: 'paid' });
    const upgradeEmail = await deliveredEmail(order.id);
    expect(upgradeEmail.subject).toBe('Your Postcode Delivery Zones licence is upgraded');
    expect(upgradeEmail.text).toContain('Order: Upgrade, Agency (yearly licence, unlimited sites)');
    expect(upgradeEmail.text).toContain('Your licence (Agency) covers unlimited websites. Updates until ');
    const admin2 = (await t.app.inject({ method: 'GET', url: `/api/admin/orders?search=%23${order.id}`, headers: admin })).json();
    expect(admin2[0]).toMatchObject({ id: order.id, kind: 'upgrade', license_key: bought.key, tier: { name: 'Agency', term: 'year', sites: null } });
    expect(await latestDeliveryData(t.db, 'license.upgraded')).toMatchObject({
      previous_price_id: yearly.id,
      previous_max_activations: 5,
      price_id: yearlyUnlimited.id,
    });
    // Now on the highest tier: nothing higher to offer.
    expect((await quote(bought.key)).json()).toMatchObject({ upgrades: [], upgrade_note: expect.stringMatching(/no higher tier/) });
  });

  it('upgrades a lifetime licence for the plain difference of the tier prices', async () => {
    const bought = await buy(lifetime3);
    const difference = 19900 - (lifetime3.sale_amount ?? lifetime3.amount);
    expect((await quote(bought.key)).json<RenewalQuote>().upgrades).toEqual([
      { id: lifetimeUnlimited.id, name: 'Lifetime Agency', sites: null, term: 'lifetime', amount: difference, currency: 'GBP', tax: null },
    ]);
    const started = await intent({ license_key: bought.key, kind: 'upgrade', price_id: lifetimeUnlimited.id, amount: difference });
    expect((await pay(started.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await license(bought.id)).toMatchObject({ price_id: lifetimeUnlimited.id, max_activations: UNLIMITED_ACTIVATIONS, expires_at: null });
  });

  it('refuses an upgrade to a lower, equal, other-term, unknown or inactive tier, of an expired or revoked licence, or a tampered amount', async () => {
    const bought = await buy(yearly);
    const orders = await count('orders');
    const refuse = async (payload: object, status: number, message: RegExp) => {
      const response = await intent({ license_key: bought.key, kind: 'upgrade', amount: 1, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toMatch(message);
    };
    await refuse({ price_id: yearlyTwo.id }, 422, /not a higher tier/);
    await refuse({ price_id: yearly.id }, 422, /already on the Business tier/);
    await refuse({ price_id: monthly.id }, 422, /another term/);
    await refuse({ price_id: lifetimeUnlimited.id }, 422, /another term/);
    await refuse({ price_id: 999999 }, 404, /No price tier/);
    await refuse({ price_id: yearlyUnlimited.id }, 422, /does not match the upgrade price/);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/prices/${yearlyUnlimited.id}`, headers: admin, payload: { active: false } })).statusCode,
    ).toBe(200);
    await refuse({ price_id: yearlyUnlimited.id }, 422, /no longer on sale/);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/admin/prices/${yearlyUnlimited.id}`, headers: admin, payload: { active: true } })).statusCode,
    ).toBe(200);
    await setLicense(bought.id, { expires_at: new Date(Date.now() - 86_400_000).toISOString() });
    await refuse({ price_id: yearlyUnlimited.id }, 422, /renew it first/);
    await setLicense(bought.id, { status: 'revoked' });
    await refuse({ price_id: yearlyUnlimited.id }, 422, /revoked/);
    expect(await count('orders')).toBe(orders);
  });

  it('changes nothing when the licence was revoked while its renewal was being paid, and shows the payment to the vendor', async () => {
    const bought = await buy(yearly);
    const renewals = await count('webhook_deliveries', [['event_type', 'license.renewed']]);
    const started = await intent({ license_key: bought.key, kind: 'renewal', amount: 8000 });
    await setLicense(bought.id, { status: 'revoked' });
    const order = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', bought.id).executeTakeFirstOrThrow();
    const result = await applyPaymentEvent(t.ctx, {
      kind: 'paid',
      provider: 'test',
      eventId: 'revoked-meanwhile',
      eventType: 'test',
      providerRef: order.provider_ref,
    });
    expect(result.outcome).toBe('license_revoked');
    expect(await license(bought.id)).toMatchObject({ status: 'revoked', expires_at: bought.expires_at });
    expect(await count('webhook_deliveries', [['event_type', 'license.renewed']])).toBe(renewals);
    expect(started.statusCode).toBe(200);
    expect(await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({ status: 'pending' });
    const unmatched = await t.app.inject({ method: 'GET', url: '/api/admin/payment-events/unmatched', headers: admin });
    expect(unmatched.statusCode).toBe(200);
    expect(JSON.stringify(unmatched.json())).toContain('license_revoked');
  });

  it("links each of the customer's renewable licences to its renewal page in the account; not a revoked one", async () => {
    const renewable = await buy(yearly);
    const email = renewable.customer_email as string;
    const XHR = { 'x-requested-with': 'XMLHttpRequest' };
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-in', headers: XHR, payload: { email } })).statusCode).toBe(202);
    await signInWorkSettled(t.ctx);
    const message = await t.db.selectFrom('emails').select('text').where('kind', '=', 'sign_in').where('to_address', '=', email).executeTakeFirstOrThrow();
    const token = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/.exec(message.text)?.[1];
    const session = await t.app.inject({ method: 'POST', url: '/api/account/session', headers: XHR, payload: { token } });
    expect(session.statusCode, session.body).toBe(200);
    const cookie = { cookie: `${CUSTOMER_SESSION_COOKIE}=${session.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value}`, ...XHR };
    const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/account/licences', headers: cookie })).json<AccountLicense[]>()[0];
    expect(await listed()).toMatchObject({ key: renewable.key, renew_url: `/renew?key=${renewable.key}` });
    await setLicense(renewable.id, { status: 'revoked' });
    expect(await listed()).toMatchObject({ key: renewable.key, renew_url: null });
  });

  it('gives the same buyer trying again their waiting renewal order, not a second one', async () => {
    const bought = await buy(yearly);
    const first = await intent({ license_key: bought.key, kind: 'renewal', amount: 8000 });
    const second = await intent({ license_key: bought.key, kind: 'renewal', amount: 8000 });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(await count('orders', [['target_license_id', bought.id]])).toBe(1);
  });
});
