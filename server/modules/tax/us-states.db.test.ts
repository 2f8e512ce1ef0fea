import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';
import { buyWithTax, createTaxShop, pdfText, setTaxSettings } from '../../test/tax-test-helpers.js';
import type { RenewalQuote } from '../../../common/renewals.js';
import type { Invoice, TaxReport } from '../../../common/invoices.js';
import { formatRate } from '../../../common/tax.js';

// The package's own table: the expected rates come from it, not from this test.
const table = createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json') as { US: { states: Record<string, { rate: number }> } };
const CA_BP = Math.round(table.US.states.CA!.rate * 10_000);

// US sales tax by state (docs/tax.md "US states"): taxed only in the states the vendor lists, at the package's rate.
describe(`US states' sales tax (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let dollar: number;
  beforeAll(async () => {
    ({ t, admin, tierId: dollar } = await createTaxShop({ tier: { currency: 'USD' }, settings: { seller_country: 'IE', eu_oss: true, us_states: ['CA'] } }));
  });
  afterAll(async () => t.close());

  const quote = (buyer: object) =>
    t.app.inject({ method: 'POST', url: '/api/checkout/quote', payload: { items: [{ id: BUYABLE_SLUG, price_id: dollar }], country: 'US', ...buyer } });

  it('a buyer in a state the vendor collects in pays its rate; another state pays none; the state is required', async () => {
    const california = await quote({ state: 'ca' });
    expect(california.statusCode, california.body).toBe(200);
    const tax = Math.round((10_000 * CA_BP) / 10_000);
    expect(california.json()).toMatchObject({ net: 10_000, tax, total: 10_000 + tax, rate_bp: CA_BP, country: 'US', region: 'CA', treatment: 'standard' });
    expect((await quote({ state: 'TX' })).json()).toMatchObject({ tax: 0, total: 10_000, region: 'TX', treatment: 'not_registered' });
    const missing = await quote({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('state is required for a buyer in the United States: choose your state');
    const unknown = await quote({ state: 'ZZ' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toMatch(/^state ZZ is not a US state we know/);
    // The list the checkout offers, and a vendor's unknown state refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/tax/us-states' })).json<{ states: string[] }>().states).toEqual(
      expect.arrayContaining(['CA', 'NY', 'TX']),
    );
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/tax', headers: admin, payload: { us_states: ['CA', 'XX'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^us_states: XX is not a US state we know/);
  });

  it('refuses a state the vendor does not collect in when the settings say refuse', async () => {
    await setTaxSettings(t, admin, { unregistered: 'refuse' });
    try {
      const refused = await quote({ state: 'TX' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ message: string }>().message).toBe("Sorry, we can't sell to buyers in US-TX yet.");
    } finally {
      await setTaxSettings(t, admin, { unregistered: 'sell_without_tax' });
    }
  });

  it('the order keeps the state, and its renewal is taxed for the same state', async () => {
    const tax = Math.round((10_000 * CA_BP) / 10_000);
    const order = await buyWithTax(t, dollar, 10_000 + tax, { country: 'US', state: 'CA', customerEmail: 'buyer@example.us' });
    expect(order).toMatchObject({ tax_country: 'US', tax_region: 'CA', tax_amount: tax, amount: 10_000 + tax });
    const license = await t.db.selectFrom('licenses').select('key').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const renewal = (await t.app.inject({ method: 'POST', url: '/api/renewals/quote', payload: { license_key: license.key } })).json<RenewalQuote>();
    expect(renewal.buyer).toMatchObject({ country: 'US', state: 'CA' });
    expect(renewal.renewal).toMatchObject({ amount: 10_000 + tax, tax: { region: 'CA', rate_bp: CA_BP } });
  });

  it('the invoice names the state the tax was charged for, or the state the seller does not collect in', async () => {
    const invoiceOf = async (orderId: number) => {
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/invoices?from=2000-01-01&to=2999-12-31', headers: admin });
      const invoice = list.json<{ invoices: Invoice[] }>().invoices.find((one) => one.order_id === orderId)!;
      const pdf = await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${invoice.id}/pdf`, headers: admin });
      return { invoice, text: pdfText(pdf.rawPayload).replace(/\s+/g, ' ') };
    };
    const tax = Math.round((10_000 * CA_BP) / 10_000);
    const california = await invoiceOf((await buyWithTax(t, dollar, 10_000 + tax, { country: 'US', state: 'CA', customerEmail: 'ca@example.us' })).id);
    expect(california.invoice.buyer).toMatchObject({ country: 'US', region: 'CA' });
    expect(california.text).toContain(`Tax (${formatRate(CA_BP)}, US-CA)`);
    const texas = await invoiceOf((await buyWithTax(t, dollar, 10_000, { country: 'US', state: 'TX', customerEmail: 'tx@example.us' })).id);
    expect(texas.invoice.buyer).toMatchObject({ country: 'US', region: 'TX' });
    expect(texas.invoice.notes).toEqual(['No tax is charged: the seller is not registered for tax in US-TX.']);
    expect(texas.text).toContain('US-TX');
    // The tax report: a row per state, in the CSV too.
    const today = new Date().toISOString().slice(0, 10);
    const report = (await t.app.inject({ method: 'GET', url: `/api/admin/tax/report?from=${today}&to=${today}`, headers: admin })).json<TaxReport>();
    expect(report.rows.filter((row) => row.country === 'US').map((row) => [row.region, row.rate_bp, row.treatment])).toEqual([
      ['CA', CA_BP, 'standard'],
      ['TX', 0, 'not_registered'],
    ]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/tax/report.csv?from=${today}&to=${today}`, headers: admin });
    expect(csv.body.split('\r\n')[0]).toBe('country,region,rate_percent,treatment,currency,net,tax,total,invoices,credit_notes');
    expect(csv.body).toContain('US,TX,0,not_registered,USD,100.00,0.00,100.00,1,0');
  });
});
