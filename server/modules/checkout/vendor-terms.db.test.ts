import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrice } from '../../../common/prices.js';
import { longDate } from '../../../common/store-terms.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, buyTierWithTestCard, ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import { addPriceTier, deliveredEmail, VENDOR_TIERS } from '../../test/shop-fixtures.js';

// Issue 40: a vendor with other terms than the demo's (14 days, "within one working day", American spelling, no key
// prefix) sells yearly and lifetime tiers; what the buyer reads after each purchase (the success page's answer and
// the licence e-mail) names the tier bought and the vendor's terms, and none of the demo's promises.

const DEMO_PROMISES = /up to 3 websites|30-day|within 24 hours|8022|Pro Yearly|3 domain license|licence/;

describe(`a vendor's own terms after each purchase (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const tiers: Record<string, AdminPrice> = {};
  let buyers = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'https://lumen.example' } });
    await ensureQualifyingRelease(t.db);
    admin = await t.adminHeaders();
    const identity = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/storefront',
      headers: admin,
      payload: {
        store_name: 'Lumen Plugins',
        support_email: 'help@lumen.example',
        refund_days: 14,
        support_promise: 'within one working day',
        license_key_prefix: '',
        spelling: 'american',
      },
    });
    expect(identity.statusCode, identity.body).toBe(200);
    for (const body of VENDOR_TIERS) tiers[body.name] = await addPriceTier(t, admin, body);
  });
  afterAll(async () => t.close());

  const buy = async (tier: AdminPrice) => {
    const email = `lumen-buyer-${++buyers}@example.com`;
    const clientSecret = await buyTierWithTestCard(t.app, BUYABLE_SLUG, tier, email);
    const order = await t.db.selectFrom('orders').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const license = await t.db.selectFrom('licenses').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const success = (await t.app.inject({ method: 'POST', url: '/api/checkout/order', payload: { clientSecret } })).json<Record<string, unknown>>();
    return { license, success, email: await deliveredEmail(t.db, order.id) };
  };

  it.each([
    ['Personal', '1 website', 'year'],
    ['Business', 'up to 5 websites', 'year'],
    ['Unlimited', 'unlimited websites', 'lifetime'],
  ])('%s: the success answer and the licence e-mail name the tier, its sites and its term', async (name, sites, term) => {
    const { license, success, email } = await buy(tiers[name]!);
    expect(license.key).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){4}$/);
    expect(license.key.startsWith('8022-')).toBe(false);
    expect(success).toMatchObject({ status: 'paid', tier: { name, term }, expires_at: license.expires_at });

    const updates = term === 'lifetime' ? 'Lifetime updates' : `Updates until ${longDate(license.expires_at!)}, renewable`;
    expect(email.subject).toBe('Your Postcode Delivery Zones license key');
    expect(email.text).toContain(`License key: ${license.key}`);
    expect(email.text).toContain(`Your license (${name}) covers ${sites}. ${updates}.`);
    expect(email.text).toContain('Need help? Write to help@lumen.example and we will answer within one working day.');
    expect(email.html).toContain('we will answer within one working day.');
    for (const text of [email.subject, email.text, email.html]) expect(text).not.toMatch(DEMO_PROMISES);
    if (term !== 'lifetime') expect(email.text).not.toContain('Lifetime updates');
  });

  it('without a support promise the e-mail promises no answer time', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/admin/storefront', headers: admin, payload: { support_promise: '' } });
    const { email } = await buy(tiers.Business!);
    expect(email.text).toContain('Need help? Write to help@lumen.example.\n');
    expect(email.text).not.toMatch(/we will answer/);
  });
});
