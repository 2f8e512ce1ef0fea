import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { buyWithTax, createTaxShop, setTaxSettings } from '../../test/tax-test-helpers.js';
import type { RenewalQuote } from '../../../common/renewals.js';

const HOUR = 3_600_000;

// A licence sold before the vendor set up tax has no country on record (docs/tax.md "Renewals and automatic renewals").
describe(`renewals of licences sold before tax was set up (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let euro: number;
  beforeAll(async () => {
    ({ t, admin, tierId: euro } = await createTaxShop({ env: { COUNTRY_HEADER: 'cf-ipcountry' } }));
  });
  afterAll(async () => t.close());

  const licenseOf = (orderId: number) => t.db.selectFrom('licenses').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const quote = async (key: string, body: object = {}, country = 'AT') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/renewals/quote',
      headers: { 'cf-ipcountry': country },
      payload: { license_key: key, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RenewalQuote>();
  };
  const pay = (payload: object) => t.app.inject({ method: 'POST', url: '/api/renewals/payment-intent', headers: { 'cf-ipcountry': 'AT' }, payload });
  const confirm = (clientSecret: string) =>
    t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });

  it('the renewal page prefills the request\u2019s country, shows net, tax and total, and the renewal then keeps the country given', async () => {
    const order = await buyWithTax(t, euro, 10_000, { customerEmail: 'pre-tax@example.at' });
    expect(order.tax_country).toBeNull();
    await setTaxSettings(t, admin, { seller_country: 'IE', eu_oss: true });
    const license = await licenseOf(order.id);

    // No country on record: the request's country (Austria, 20 %) is the prefill, and the prices carry its tax.
    const first = await quote(license.key);
    expect(first.buyer).toEqual({ country: 'AT', state: null, vat_number: null, detected_country: 'AT', tax_required: true, problem: null });
    expect(first.renewal).toMatchObject({ available: true, amount: 12_000, tax: { net: 10_000, tax: 2_000, total: 12_000, rate_bp: 2_000, country: 'AT' } });
    // The buyer chooses Germany instead.
    const german = await quote(license.key, { country: 'DE' });
    expect(german.buyer.country).toBe('DE');
    expect(german.renewal).toMatchObject({ amount: 11_900, tax: { tax: 1_900, country: 'DE', treatment: 'standard' } });

    // Paying without a country is refused with a message the page shows, and writes nothing.
    const before = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await pay({ license_key: license.key, kind: 'renewal', amount: 10_000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/^country is required: this licence was sold before tax was set up/);
    expect(
      await t.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);

    const intent = await pay({ license_key: license.key, kind: 'renewal', amount: 11_900, country: 'DE', buyer_name: 'Erika Muster' });
    expect(intent.statusCode, intent.body).toBe(200);
    expect((await confirm(intent.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    const renewal = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', license.id).executeTakeFirstOrThrow();
    expect(renewal).toMatchObject({ status: 'paid', amount: 11_900, tax_amount: 1_900, tax_country: 'DE', buyer_name: 'Erika Muster' });
    // Declared DE, request from AT: the evidence keeps both.
    expect(JSON.parse(renewal.tax_evidence as string)).toMatchObject({ declared: 'DE', ip_country: 'AT', status: 'conflict' });

    // The next visit prefills the country on record (the renewal's), not the request's.
    expect((await quote(license.key, {}, 'FR')).buyer).toMatchObject({ country: 'DE', detected_country: 'FR' });
    await setTaxSettings(t, admin, { seller_country: null });
  });

  it('an automatic renewal of a licence with no country on record charges nothing and e-mails the renewal link', async () => {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: 'postcode-delivery-zones', price_id: euro }], amount: 10_000, customerEmail: 'pre-tax-auto@example.at', auto_renew: true },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    await confirm(intent.json<{ clientSecret: string }>().clientSecret);
    const first = await t.db.selectFrom('orders').selectAll().where('email', '=', 'pre-tax-auto@example.at').executeTakeFirstOrThrow();
    const license = await licenseOf(first.id);
    await setTaxSettings(t, admin, { seller_country: 'IE', eu_oss: true });
    t.ctx.renewalReminders.now = () => new Date(Date.parse(license.expires_at as string) + HOUR);
    await t.ctx.autoRenewals.runNow();

    const renewals = await t.db.selectFrom('orders').select('id').where('target_license_id', '=', license.id).execute();
    expect(renewals).toEqual([]);
    const optIn = await t.db.selectFrom('license_auto_renewals').selectAll().where('license_id', '=', license.id).executeTakeFirstOrThrow();
    expect(optIn.last_error).toMatch(/^country_unknown: /);
    const emails = await t.db.selectFrom('emails').select(['kind', 'to_address']).where('to_address', '=', 'pre-tax-auto@example.at').execute();
    expect(emails.map((email) => email.kind)).toContain('auto_renew_failed');
  });
});
