import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';
import { buyWithTax, pdfText, type ViesStandIn, withViesTaxShop } from '../../test/tax-test-helpers.js';
import type { Invoice, TaxReport } from '../../../common/invoices.js';

const FR_BUSINESS = 'FR40303265045';

describe(`invoices, credit notes and the tax report (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let euro: number;
  let vies: ViesStandIn;
  withViesTaxShop([FR_BUSINESS], { tier: { name: 'Single site' }, settings: { seller_country: 'IE', eu_oss: true, uk: true } }, async (shop) => {
    ({ t, admin, tierId: euro, vies } = shop);
    const identity = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/storefront',
      headers: admin,
      payload: { legal_name: 'Plugin Works Ltd', legal_address: '1 Grand Canal Street\nDublin D02 XY45', vat_number: 'IE6388047V' },
    });
    expect(identity.statusCode).toBe(200);
  });

  const invoicesOf = async (orderId: number) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/invoices?from=2000-01-01&to=2999-12-31', headers: admin }))
      .json<{ invoices: Invoice[] }>()
      .invoices.filter((invoice) => invoice.order_id === orderId);
  const pdfOf = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/invoices/${id}/pdf`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return pdfText(response.rawPayload);
  };

  it('issues a German consumer an invoice with every required field, in the PDF too', async () => {
    const order = await buyWithTax(t, euro, 11_900, {
      country: 'DE',
      customerEmail: 'anna@example.de',
      buyer_name: 'Anna Schmidt',
      buyer_address: 'Hauptstr. 5\n10115 Berlin',
    });
    const [invoice, ...others] = await invoicesOf(order.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'invoice', number: expect.stringMatching(/^INV-\d{6}$/), net: 10_000, tax: 1_900, total: 11_900, rate_bp: 1_900 });
    const text = await pdfOf(invoice!.id);
    for (const expected of [
      `Invoice ${invoice!.number}`,
      'Plugin Works Ltd',
      '1 Grand Canal Street',
      'IE6388047V',
      'Anna Schmidt',
      '10115 Berlin',
      `Date of supply: ${order.paid_at!.slice(0, 10)}`,
      '1 x Postcode Delivery Zones (Single site)',
      '€100.00',
      '19%',
      '€19.00',
      '€119.00',
      'Currency: EUR',
    ])
      expect(text).toContain(expected);
  });

  it('states the reverse charge and the buyer\u2019s VAT number on a French business\u2019s invoice', async () => {
    const order = await buyWithTax(t, euro, 10_000, { country: 'FR', vat_number: FR_BUSINESS, buyer_name: 'ACME SARL', customerEmail: 'acme@example.fr' });
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({ total: 10_000, tax: 0, treatment: 'reverse_charge', buyer: { vat_number: FR_BUSINESS } });
    const text = (await pdfOf(invoice!.id)).replace(/\s+/g, ' ');
    expect(text).toContain(`VAT number: ${FR_BUSINESS}`);
    expect(text).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(text).toContain('Total: €100.00');
  });

  it('a refund issues a credit note with its own number naming the invoice; the report nets them to the cent', async () => {
    const order = await buyWithTax(t, euro, 12_000, { country: 'GB', customerEmail: 'uk@example.co.uk' });
    const refund = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund`, headers: admin });
    expect(refund.statusCode).toBe(200);
    const documents = await invoicesOf(order.id);
    const invoice = documents.find((document) => document.kind === 'invoice');
    const credit = documents.find((document) => document.kind === 'credit_note');
    expect(credit).toMatchObject({ kind: 'credit_note', number: 'CN-000001', credits: invoice!.number, total: 12_000, tax: 2_000 });
    expect(await pdfOf(credit!.id)).toContain(`Credits invoice ${invoice!.number}`);

    const today = new Date().toISOString().slice(0, 10);
    const report = (await t.app.inject({ method: 'GET', url: `/api/admin/tax/report?from=${today}&to=${today}`, headers: admin })).json<TaxReport>();
    const orders = await t.db.selectFrom('orders').selectAll().where('status', '=', 'paid').execute();
    const taxOfOrders = orders.reduce((sum, row) => sum + row.tax_amount, 0);
    expect(report.rows.reduce((sum, row) => sum + row.tax, 0)).toBe(taxOfOrders);
    expect(report.rows.find((row) => row.country === 'GB')).toMatchObject({ tax: 0, invoices: 1, credit_notes: 1 });
    expect(report.rows.find((row) => row.country === 'DE')).toMatchObject({ rate_bp: 1_900, net: 10_000, tax: 1_900, total: 11_900 });
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/tax/report.csv?from=${today}&to=${today}`, headers: admin });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('DE,,19,standard,EUR,100.00,19.00,119.00,1,0');
    const badPeriod = await t.app.inject({ method: 'GET', url: '/api/admin/tax/report?from=2026-02-30&to=2026-01-01', headers: admin });
    expect(badPeriod.statusCode).toBe(400);
  });

  it('20 concurrent purchases through two instances get 20 consecutive invoice numbers', async () => {
    const second = await createTestApp({ testDb: t.testDb, seed: false, ownsDb: false, env: { VIES_URL: vies.url } });
    try {
      const before = await t.db.selectFrom('invoices').select('number').where('kind', '=', 'invoice').orderBy('number', 'desc').executeTakeFirst();
      const apps = [t.app, second.app];
      await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          const app = apps[index % 2]!;
          const intent = await app.inject({
            method: 'POST',
            url: '/api/create-payment-intent',
            payload: { items: [{ id: BUYABLE_SLUG, price_id: euro }], amount: 11_900, country: 'DE', customerEmail: `c${index}@example.de` },
          });
          const { clientSecret } = intent.json<{ clientSecret: string }>();
          const paid = await app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });
          expect(paid.json()).toEqual({ status: 'succeeded' });
        }),
      );
      const numbers = (
        await t.db
          .selectFrom('invoices')
          .select('number')
          .where('kind', '=', 'invoice')
          .where('number', '>', before?.number ?? 0)
          .execute()
      )
        .map((row) => row.number)
        .sort((a, b) => a - b);
      const first = (before?.number ?? 0) + 1;
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
    } finally {
      await second.close();
    }
  });

  it('answers 404 for an unknown invoice and 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoices/999999/pdf', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoices/1/pdf' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/invoices/1/pdf' })).statusCode).toBe(401);
  });
});
