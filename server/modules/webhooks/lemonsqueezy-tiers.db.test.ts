import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease, fulfilmentCounts } from '../../test/checkout-test-helpers.js';
import type { AdminPrice } from '../../../common/prices.js';
import { addTerm } from '../../../common/prices.js';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';

const SECRET = 'ls_tier_secret';
const BUSINESS_VARIANT = '111001';
const AGENCY_VARIANT = '222002';
const STARTER_VARIANT = '444004';
// A variant's checkout link names it by its UUID (Lemon Squeezy → Products → Share), the webhook by its numeric id.
const BUSINESS_UUID = 'd1f120fd-5adc-4fff-8915-cce713d29427';
const AGENCY_UUID = '0a7e33c1-9b2d-4c1e-8f00-5e6d7c8b9a01';
// Pasted whole, from another store than the Settings' one, in capitals, with a query string: the link's own store is used.
const BUSINESS_LINK = `https://Other-Store.lemonsqueezy.com/checkout/buy/${BUSINESS_UUID.toUpperCase()}?embed=1`;

// Lemon Squeezy as merchant of record: tiers sold as variants, the hosted checkout, and the webhook fulfilling the
// tier (issue 26; docs/pricing.md "Lemon Squeezy").
describe(`Lemon Squeezy tiers (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let business: AdminPrice; // 5 sites, yearly, variant 111001
  let agency: AdminPrice; // unlimited, yearly, variant 222002
  let personal: AdminPrice; // 2 sites, yearly, no variant
  let starter: AdminPrice; // 1 site, yearly, variant 444004 but no checkout link
  let orderRefs = 5000;

  beforeAll(async () => {
    t = await createTestApp({ env: { LEMONSQUEEZY_WEBHOOK_SECRET: SECRET, BASE_URL: 'https://shop.example.com' } });
    await ensureQualifyingRelease(t.db);
    admin = await t.adminHeaders();
    const add = async (body: object) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`, headers: admin, payload: body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<AdminPrice>();
    };
    const sold = (variant: string, link: string) => ({ lemonsqueezy_variant_id: variant, lemonsqueezy_checkout_link: link });
    business = await add({ name: 'Business', sites: 5, term: 'year', amount: 10000, currency: 'GBP', ...sold(BUSINESS_VARIANT, BUSINESS_LINK) });
    agency = await add({ name: 'Agency', sites: null, term: 'year', amount: 25000, currency: 'GBP', ...sold(AGENCY_VARIANT, ` ${AGENCY_UUID} `) });
    personal = await add({ name: 'Personal', sites: 2, term: 'year', amount: 6000, currency: 'GBP' });
    starter = await add({ name: 'Starter', sites: 1, term: 'year', amount: 3000, currency: 'GBP', lemonsqueezy_variant_id: STARTER_VARIANT });
  });
  afterAll(async () => t.close());

  const setStore = (value: string | null) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { lemonsqueezy_store: value } });
  const checkout = (payload: object) => t.app.inject({ method: 'POST', url: '/api/checkout/lemonsqueezy', payload });
  const config = async () => (await t.app.inject({ method: 'GET', url: '/api/checkout/config' })).json();
  const body = (orderRef: number, email: string, variantId: string, custom: Record<string, string> | null, total = 12000) =>
    JSON.stringify({
      meta: { event_name: 'order_created', custom_data: custom },
      data: {
        type: 'orders',
        id: String(orderRef),
        attributes: { user_email: email, total, currency: 'GBP', status: 'paid', first_order_item: { product_id: 987654, variant_id: Number(variantId) } },
      },
    });
  const deliver = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/lemonsqueezy',
      headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', SECRET).update(payload).digest('hex') },
      payload,
    });
  const orderOf = (ref: number) =>
    t.db.selectFrom('orders').selectAll().where('provider', '=', 'lemonsqueezy').where('provider_ref', '=', String(ref)).executeTakeFirst();
  const licenseOfOrder = (orderId: number) => t.db.selectFrom('licenses').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

  it('takes the store in Settings, and only then offers the hosted checkout', async () => {
    expect(await config()).toEqual({ provider: 'unavailable', publishableKey: null, message: expect.stringMatching(/Lemon Squeezy.*not set up/) });
    const refused = await checkout({ kind: 'new', plugin: BUYABLE_SLUG, price_id: business.id, customerEmail: 'a@example.com' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toMatch(/Lemon Squeezy/);
    expect((await setStore('not a store!')).statusCode).toBe(400);
    const saved = await setStore('https://My-Store.lemonsqueezy.com/');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ lemonsqueezy_store: 'my-store' });
    expect(await config()).toEqual({ provider: 'lemonsqueezy', publishableKey: null, message: null });
  });

  it('keeps each checkout link normalised: a pasted link on its own store, a bare UUID alone', () => {
    expect(business).toMatchObject({
      lemonsqueezy_variant_id: BUSINESS_VARIANT,
      lemonsqueezy_checkout_link: `https://other-store.lemonsqueezy.com/checkout/buy/${BUSINESS_UUID}`,
    });
    expect(agency).toMatchObject({ lemonsqueezy_variant_id: AGENCY_VARIANT, lemonsqueezy_checkout_link: AGENCY_UUID });
    expect(starter).toMatchObject({ lemonsqueezy_variant_id: STARTER_VARIANT, lemonsqueezy_checkout_link: null });
  });

  /** A new purchase of the tier answers its hosted checkout at `link`, with the buyer's e-mail and the tier in custom data. */
  const expectHostedCheckout = async (priceId: number, email: string, link: string) => {
    const response = await checkout({ kind: 'new', plugin: BUYABLE_SLUG, price_id: priceId, customerEmail: email });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(url.origin + url.pathname).toBe(link);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'checkout[email]': email,
      'checkout[custom][kind]': 'new',
      'checkout[custom][price_id]': String(priceId),
      'checkout[custom][plugin]': BUYABLE_SLUG,
    });
  };

  it("answers the tier's hosted checkout (the link's store and UUID) with the buyer's e-mail and the tier in custom data; writes nothing", async () => {
    const before = await fulfilmentCounts(t.db);
    await expectHostedCheckout(business.id, 'Buyer+ls@example.com', `https://other-store.lemonsqueezy.com/checkout/buy/${BUSINESS_UUID}`);
    expect(await fulfilmentCounts(t.db)).toEqual(before);
  });

  it("builds a bare UUID's checkout on the store in Settings", async () => {
    await expectHostedCheckout(agency.id, 'agency@example.com', `https://my-store.lemonsqueezy.com/checkout/buy/${AGENCY_UUID}`);
  });

  it('refuses a tier with its numeric variant id but no checkout link with the same message (it never links to the numeric id)', async () => {
    const before = await fulfilmentCounts(t.db);
    const response = await checkout({ kind: 'new', plugin: BUYABLE_SLUG, price_id: starter.id, customerEmail: 'starter@example.com' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'The Starter licence of Postcode Delivery Zones cannot be bought online at the moment. Please choose another licence, or contact us to buy this one.',
    );
    expect(await fulfilmentCounts(t.db)).toEqual(before);
  });

  it('tells the buyer plainly that a tier without a variant cannot be bought there (422, never a 5xx)', async () => {
    const response = await checkout({ kind: 'new', plugin: BUYABLE_SLUG, price_id: personal.id, customerEmail: 'b@example.com' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'The Personal licence of Postcode Delivery Zones cannot be bought online at the moment. Please choose another licence, or contact us to buy this one.',
    );
    expect((await checkout({ kind: 'new', plugin: 'no-such-plugin', customerEmail: 'b@example.com' })).statusCode).toBe(404);
    expect((await checkout({ kind: 'new', plugin: BUYABLE_SLUG, price_id: 2_147_483_647, customerEmail: 'b@example.com' })).statusCode).toBe(404);
    expect((await checkout({ kind: 'new', plugin: BUYABLE_SLUG, customerEmail: 'not-an-address' })).statusCode).toBe(400);
    expect((await checkout({ kind: 'renewal', license_key: 'NO-SUCH-KEY' })).statusCode).toBe(404);
  });

  it("fulfils order_created with the tier's sites and term", async () => {
    const ref = ++orderRefs;
    const response = await deliver(body(ref, 'tier-buyer@example.com', BUSINESS_VARIANT, { kind: 'new', price_id: String(business.id), plugin: BUYABLE_SLUG }));
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const order = await orderOf(ref);
    expect(order).toMatchObject({
      status: 'paid',
      kind: 'new',
      price_id: business.id,
      plugin_slug: BUYABLE_SLUG,
      amount: 12000,
      email: 'tier-buyer@example.com',
    });
    const license = await licenseOfOrder(order?.id as number);
    expect(license).toMatchObject({ max_activations: 5, plan: 'pro_yearly', price_id: business.id, expires_at: addTerm(order?.paid_at as string, 'year') });
  });

  it('fulfils an order without custom data by its variant (bought in the Lemon Squeezy store itself)', async () => {
    const ref = ++orderRefs;
    expect((await deliver(body(ref, 'store-buyer@example.com', AGENCY_VARIANT, null))).json().outcome).toBe('fulfilled');
    const order = await orderOf(ref);
    expect(await licenseOfOrder(order?.id as number)).toMatchObject({ max_activations: UNLIMITED_ACTIVATIONS, price_id: agency.id });
  });

  it('issues nothing when the variant paid is not the tier the link named (an edited link), and shows it to the vendor', async () => {
    const before = await fulfilmentCounts(t.db);
    const ref = ++orderRefs;
    const answer = await deliver(body(ref, 'tamper@example.com', BUSINESS_VARIANT, { kind: 'new', price_id: String(agency.id) }));
    expect(answer.json()).toEqual({ received: true, outcome: 'variant_mismatch' });
    expect(await fulfilmentCounts(t.db)).toEqual(before);
    const unmatched = await t.app.inject({ method: 'GET', url: '/api/admin/payment-events/unmatched', headers: admin });
    expect(JSON.stringify(unmatched.json())).toContain(`order ${ref} paid for Lemon Squeezy variant ${BUSINESS_VARIANT}`);
    // A tier the link names that has no variant is refused the same way.
    const noVariant = await deliver(body(++orderRefs, 'tamper@example.com', BUSINESS_VARIANT, { kind: 'new', price_id: String(personal.id) }));
    expect(noVariant.json().outcome).toBe('variant_mismatch');
  });

  it('renews the licence the custom data names by one term; refuses a licence of another tier', async () => {
    const ref = ++orderRefs;
    await deliver(body(ref, 'renewer@example.com', BUSINESS_VARIANT, { kind: 'new', price_id: String(business.id) }));
    const license = await licenseOfOrder((await orderOf(ref))?.id as number);
    const link = await checkout({ kind: 'renewal', license_key: license.key });
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json<{ url: string }>().url);
    expect(url.origin + url.pathname).toBe(`https://other-store.lemonsqueezy.com/checkout/buy/${BUSINESS_UUID}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'checkout[email]': 'renewer@example.com',
      'checkout[custom][kind]': 'renewal',
      'checkout[custom][price_id]': String(business.id),
      'checkout[custom][license_id]': String(license.id),
    });
    const custom = Object.fromEntries([...url.searchParams].map(([key, value]) => [key.replace(/^checkout\[custom\]\[(.*)\]$/, '$1'), value]));
    const renewalRef = ++orderRefs;
    expect((await deliver(body(renewalRef, 'renewer@example.com', BUSINESS_VARIANT, custom, 8000))).json().outcome).toBe('fulfilled');
    const renewal = await orderOf(renewalRef);
    expect(renewal).toMatchObject({ kind: 'renewal', target_license_id: license.id, license_id: null, price_id: business.id, status: 'paid' });
    const after = await t.db.selectFrom('licenses').selectAll().where('id', '=', license.id).executeTakeFirstOrThrow();
    expect(after.expires_at).toBe(addTerm(license.expires_at as string, 'year'));

    const agencyRef = ++orderRefs;
    await deliver(body(agencyRef, 'other@example.com', AGENCY_VARIANT, null));
    const other = await licenseOfOrder((await orderOf(agencyRef))?.id as number);
    const wrong = await deliver(
      body(++orderRefs, 'other@example.com', BUSINESS_VARIANT, { kind: 'renewal', price_id: String(business.id), license_id: String(other.id) }),
    );
    expect(wrong.json().outcome).toBe('unknown_license');
    expect((await t.db.selectFrom('licenses').select('expires_at').where('id', '=', other.id).executeTakeFirstOrThrow()).expires_at).toBe(other.expires_at);
  });

  it('fulfils an order of a tier without a checkout link by its variant (the webhook matches the numeric id), but its renewal is refused', async () => {
    const ref = ++orderRefs;
    expect((await deliver(body(ref, 'starter@example.com', STARTER_VARIANT, null))).json().outcome).toBe('fulfilled');
    const license = await licenseOfOrder((await orderOf(ref))?.id as number);
    expect(license).toMatchObject({ price_id: starter.id, max_activations: 1 });
    const renewal = await checkout({ kind: 'renewal', license_key: license.key });
    expect(renewal.statusCode).toBe(422);
    expect(renewal.json().message).toBe(
      'The Starter licence of Postcode Delivery Zones cannot be bought online at the moment. Please choose another licence, or contact us to buy this one.',
    );
  });

  it('takes a checkout link pasted whole or as a UUID, refuses anything else with what a valid one looks like (400), clears it with an empty value', async () => {
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/prices/${personal.id}`, headers: admin, payload });
    const refusals: Array<[string, RegExp]> = [
      [
        `https://my-store.example.com/checkout/buy/${BUSINESS_UUID}`,
        /must be on your store's address, https:\/\/\{store\}\.lemonsqueezy\.com; "my-store\.example\.com" is not/,
      ],
      [`https://lemonsqueezy.com.evil.example/checkout/buy/${BUSINESS_UUID}`, /must be on your store's address/],
      [`https://app.lemonsqueezy.com/checkout/buy/${BUSINESS_UUID}`, /must be on your store's address/],
      [
        `https://my-store.lemonsqueezy.com/checkout/buy/${BUSINESS_VARIANT}`,
        /must end in the variant's UUID \(8-4-4-4-12 hexadecimal digits\); "111001" is not one/,
      ],
      [`https://my-store.lemonsqueezy.com/checkout/buy/${BUSINESS_UUID.slice(0, -1)}`, /must end in the variant's UUID/],
      [`https://my-store.lemonsqueezy.com/products/${BUSINESS_UUID}`, /must be a variant's, https:\/\/my-store\.lemonsqueezy\.com\/checkout\/buy\/\{UUID\}/],
      ['d1f120fd-5adc-4fff-8915-cce713d2942z', /is not a variant's UUID \(8-4-4-4-12 hexadecimal digits/],
      ['javascript:alert(1)', /is not a variant's UUID/],
    ];
    for (const [link, message] of refusals) {
      const refused = await patch({ lemonsqueezy_checkout_link: link });
      expect(refused.statusCode, link).toBe(400);
      expect(refused.json().message, link).toMatch(/lemonsqueezy_checkout_link: /);
      expect(refused.json().message, link).toMatch(message);
      // Each says where to find a valid one, and what it looks like.
      expect(refused.json().message, link).toContain('Lemon Squeezy → Products → Share');
      expect(refused.json().message, link).toContain('https://my-store.lemonsqueezy.com/checkout/buy/d1f120fd-5adc-4fff-8915-cce713d29427');
    }
    expect((await patch({ lemonsqueezy_checkout_link: 42 })).statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`,
      headers: admin,
      payload: { name: 'Refused', sites: 1, term: 'year', amount: 100, currency: 'GBP', lemonsqueezy_checkout_link: 'https://example.com/' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toMatch(/lemonsqueezy_checkout_link: The checkout link must be on your store's address/);
    expect(await t.db.selectFrom('plugin_prices').select('id').where('name', '=', 'Refused').execute()).toEqual([]);
    const current = await t.db.selectFrom('plugin_prices').select('lemonsqueezy_checkout_link').where('id', '=', personal.id).executeTakeFirstOrThrow();
    expect(current.lemonsqueezy_checkout_link).toBeNull();

    const pasted = await patch({ lemonsqueezy_checkout_link: `my-store.lemonsqueezy.com/checkout/buy/${AGENCY_UUID}/#share` });
    expect(pasted.json()).toMatchObject({ lemonsqueezy_checkout_link: `https://my-store.lemonsqueezy.com/checkout/buy/${AGENCY_UUID}` });
    expect((await patch({ lemonsqueezy_checkout_link: AGENCY_UUID.toUpperCase() })).json()).toMatchObject({ lemonsqueezy_checkout_link: AGENCY_UUID });
    expect((await patch({ lemonsqueezy_checkout_link: '' })).json()).toMatchObject({ lemonsqueezy_checkout_link: null });
  });

  it('keeps the variant id on the tier: digits only, cleared with an empty value', async () => {
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/prices/${personal.id}`, headers: admin, payload });
    const bad = await patch({ lemonsqueezy_variant_id: 'abc-123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/lemonsqueezy_variant_id must be the Lemon Squeezy variant id/);
    expect((await patch({ lemonsqueezy_variant_id: ' 333003 ' })).json()).toMatchObject({ lemonsqueezy_variant_id: '333003' });
    expect((await patch({ lemonsqueezy_variant_id: '' })).json()).toMatchObject({ lemonsqueezy_variant_id: null });
  });
});
