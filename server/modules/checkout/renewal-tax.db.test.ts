import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { buyWithTax, createTaxShop, setTaxSettings } from '../../test/tax-test-helpers.js';
import type { RenewalQuote } from '../../../common/renewals.js';

const HOUR = 3_600_000;

describe(`tax of renewals and automatic renewals (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let euro: number;
  beforeAll(async () => {
    ({ t, admin, tierId: euro } = await createTaxShop({ settings: { seller_country: 'IE', eu_oss: true } }));
  });
  afterAll(async () => t.close());

  const licenseOf = (orderId: number) => t.db.selectFrom('licenses').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const renewalOrderOf = (licenseId: number) =>
    t.db.selectFrom('orders').selectAll().where('kind', '=', 'renewal').where('target_license_id', '=', licenseId).executeTakeFirstOrThrow();
  const quote = async (key: string, country?: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/renewals/quote', payload: { license_key: key, ...(country ? { country } : {}) } })).json<RenewalQuote>();

  it('a renewal pays the tax of the buyer\u2019s country at today\u2019s rate; a tampered amount is refused', async () => {
    const order = await buyWithTax(t, euro, 11_900, { country: 'DE', customerEmail: 'renew@example.de' });
    const license = await licenseOf(order.id);
    expect((await quote(license.key)).renewal).toMatchObject({ available: true, amount: 11_900 });
    // The rate changed since the sale (the vendor's override): the renewal pays today's.
    await setTaxSettings(t, admin, { rate_overrides: { DE: 20 } });
    expect((await quote(license.key)).renewal).toMatchObject({ amount: 12_000 });
    expect((await quote(license.key, 'FR')).renewal).toMatchObject({ amount: 12_000 });
    const pay = (amount: number) =>
      t.app.inject({ method: 'POST', url: '/api/renewals/payment-intent', payload: { license_key: license.key, kind: 'renewal', amount } });
    const tampered = await pay(10_000);
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json<{ message: string }>().message).toMatch(/12000 in minor units with €20 tax/);
    const intent = await pay(12_000);
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } })).json(),
    ).toEqual({
      status: 'succeeded',
    });
    const renewal = await renewalOrderOf(license.id);
    expect(renewal).toMatchObject({ status: 'paid', amount: 12_000, net_amount: 10_000, tax_amount: 2_000, tax_rate_bp: 2_000, tax_country: 'DE' });
    const invoice = await t.db.selectFrom('invoices').selectAll().where('order_id', '=', renewal.id).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ kind: 'invoice', total_amount: 12_000, tax_amount: 2_000 });
    await setTaxSettings(t, admin, { rate_overrides: {} });
  });

  it('an automatic renewal charges the country\u2019s tax at renewal time and is invoiced', async () => {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        items: [{ id: 'postcode-delivery-zones', price_id: euro }],
        amount: 11_900,
        customerEmail: 'auto@example.de',
        country: 'DE',
        auto_renew: true,
      },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { clientSecret } = intent.json<{ clientSecret: string }>();
    await t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });
    const first = await t.db.selectFrom('orders').selectAll().where('email', '=', 'auto@example.de').executeTakeFirstOrThrow();
    const license = await licenseOf(first.id);
    await setTaxSettings(t, admin, { rate_overrides: { DE: 21 } });
    t.ctx.renewalReminders.now = () => new Date(Date.parse(license.expires_at as string) + HOUR); // due at expiry (auto_renew_days_before 0)
    await t.ctx.autoRenewals.runNow();
    const renewal = await renewalOrderOf(license.id);
    expect(renewal).toMatchObject({ status: 'paid', amount: 12_100, net_amount: 10_000, tax_amount: 2_100, tax_country: 'DE', tax_treatment: 'standard' });
    expect(await t.db.selectFrom('invoices').select('total_amount').where('order_id', '=', renewal.id).executeTakeFirstOrThrow()).toEqual({
      total_amount: 12_100,
    });
  });
});
