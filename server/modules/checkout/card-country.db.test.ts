import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';
import { createTaxShop } from '../../test/tax-test-helpers.js';
import type { Order } from '../../../common/orders.js';

// The card's country in the location evidence, and the rule when the pieces disagree (docs/tax.md "Location
// evidence"): the built-in test provider's country cards; orders in conflict are badged and filtered in the admin.
describe(`card country in the location evidence (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let euro: number;
  beforeAll(async () => {
    ({ t, admin, tierId: euro } = await createTaxShop({ env: { COUNTRY_HEADER: 'cf-ipcountry' }, settings: { seller_country: 'IE', eu_oss: true } }));
  });
  afterAll(async () => t.close());

  /** Buys as a German consumer from `ipCountry`, paying with `cardNumber`; answers the paid order. */
  async function buy(email: string, ipCountry: string, cardNumber: string) {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { 'cf-ipcountry': ipCountry },
      payload: { items: [{ id: BUYABLE_SLUG, price_id: euro }], amount: 11_900, customerEmail: email, country: 'DE' },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    const paid = await t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber } });
    expect(paid.json()).toEqual({ status: 'succeeded' });
    return t.db.selectFrom('orders').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  }
  const evidenceOf = (order: { tax_evidence: string | null }) => JSON.parse(order.tax_evidence as string) as Record<string, unknown>;

  it('keeps the card country with the order; it confirms a declared country the IP address does not', async () => {
    const order = await buy('card-de@example.de', 'FR', '4000002760000016');
    expect(order).toMatchObject({ status: 'paid', tax_country: 'DE', tax_evidence_status: 'confirmed' });
    expect(evidenceOf(order)).toEqual({ declared: 'DE', ip_country: 'FR', card_country: 'DE', status: 'confirmed' });
    // A card that reports no country leaves the evidence as the checkout found it.
    const plain = await buy('card-none@example.de', 'DE', '4242424242424242');
    expect(evidenceOf(plain)).toEqual({ declared: 'DE', ip_country: 'DE', card_country: null, status: 'confirmed' });
  });

  it('flags an order whose IP and card countries both differ from the declared one; the admin list badges and filters it', async () => {
    const order = await buy('card-gb@example.de', 'FR', '4000008260000000');
    // The declared country is still the one charged: the sale goes through, the vendor reviews it.
    expect(order).toMatchObject({ status: 'paid', tax_country: 'DE', tax_amount: 1_900, tax_evidence_status: 'conflict' });
    expect(evidenceOf(order)).toEqual({ declared: 'DE', ip_country: 'FR', card_country: 'GB', status: 'conflict' });

    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin })).json<Order[]>();
    expect(all.find((row) => row.id === order.id)?.tax_evidence).toBe('conflict');
    expect(all.find((row) => row.email === 'card-de@example.de')?.tax_evidence).toBe('confirmed');
    const conflicts = await t.app.inject({ method: 'GET', url: '/api/admin/orders?evidence=conflict', headers: admin });
    expect(conflicts.statusCode).toBe(200);
    expect(conflicts.json<Order[]>().map((row) => row.id)).toEqual([order.id]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/orders?evidence=maybe', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/evidence must be one of confirmed, unconfirmed, conflict/);
  });
});
