import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, fulfilmentCounts } from '../../test/checkout-test-helpers.js';
import { buyWithTax, setTaxSettings, type ViesStandIn, withViesTaxShop } from '../../test/tax-test-helpers.js';

const FR_BUSINESS = 'FR40303265045';
const FR_NOT_REGISTERED = 'FR83404833048';

describe(`tax at checkout (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let vies: ViesStandIn;
  let euro: number;
  const settings = { seller_country: 'IE', eu_oss: true, uk: true, prices_include_tax: false };
  withViesTaxShop([FR_BUSINESS], { settings }, (shop) => ({ t, admin, tierId: euro, vies } = shop));

  const quote = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/checkout/quote', payload: { items: [{ id: BUYABLE_SLUG, price_id: euro }], ...body } });
  const intent = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: BUYABLE_SLUG, price_id: euro }], customerEmail: 'tamper@example.com', ...body },
    });

  it('keeps the settings, and refuses an unknown country or equal prefixes with a 400 naming it', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/admin/tax', headers: admin });
    expect(settings.json()).toMatchObject({ seller_country: 'IE', eu_oss: true, uk: true, invoice_prefix: 'INV' });
    for (const [payload, message] of [
      [{ seller_country: 'QQ' }, /QQ is not a country code/],
      [{ seller_country: 'Germany' }, /two-letter country code/],
      [{ credit_note_prefix: 'INV' }, /must differ/],
      [{ rate_overrides: { DE: 101 } }, /.+/],
    ] as const) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/admin/tax', headers: admin, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tax' })).statusCode).toBe(401);
  });

  it('a German consumer pays EUR 119.00 for a EUR 100 tax-exclusive tier; the order keeps net, rate, tax and evidence', async () => {
    const answer = await quote({ country: 'de' });
    expect(answer.json()).toMatchObject({ net: 10_000, tax: 1_900, total: 11_900, rate_bp: 1_900, country: 'DE', treatment: 'standard', currency: 'EUR' });
    const order = await buyWithTax(t, euro, 11_900, { country: 'DE', customerEmail: 'de@example.com' });
    expect(order).toMatchObject({ amount: 11_900, net_amount: 10_000, tax_amount: 1_900, tax_rate_bp: 1_900, tax_country: 'DE', tax_treatment: 'standard' });
    expect(JSON.parse(order.tax_evidence as string)).toMatchObject({ declared: 'DE', status: expect.any(String) });
  });

  it('refuses the price without its tax (a tampered amount) with a 422, and a missing country with a 400, writing nothing', async () => {
    const before = await fulfilmentCounts(t.db);
    const tampered = await intent({ amount: 10_000, country: 'DE' });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json<{ message: string }>().message).toMatch(/€119 \(11900 in minor units plus €19 tax\)/);
    const noCountry = await intent({ amount: 11_900 });
    expect(noCountry.statusCode).toBe(400);
    expect(noCountry.json<{ message: string }>().message).toMatch(/country is required/);
    const unknown = await intent({ amount: 11_900, country: 'QQ' });
    expect(unknown.statusCode).toBe(400);
    expect(await fulfilmentCounts(t.db)).toEqual(before);
  });

  it('a UK consumer of a UK-registered seller pays 20 %', async () => {
    expect((await quote({ country: 'GB' })).json()).toMatchObject({ tax: 2_000, total: 12_000, rate_bp: 2_000, treatment: 'standard' });
    const order = await buyWithTax(t, euro, 12_000, { country: 'GB', customerEmail: 'uk@example.com' });
    expect(order).toMatchObject({ tax_amount: 2_000, tax_country: 'GB' });
  });

  it('a French business with a VAT number VIES confirms pays EUR 100.00, reverse charged', async () => {
    const answer = (await quote({ country: 'FR', vat_number: 'fr 40 303 265 045' })).json();
    expect(answer).toMatchObject({ net: 10_000, tax: 0, total: 10_000, treatment: 'reverse_charge', note: expect.stringMatching(/Reverse charge/) });
    const order = await buyWithTax(t, euro, 10_000, { country: 'FR', vat_number: FR_BUSINESS, buyer_name: 'ACME SARL', customerEmail: 'fr@example.com' });
    expect(order).toMatchObject({ amount: 10_000, tax_amount: 0, tax_treatment: 'reverse_charge', buyer_vat_number: FR_BUSINESS, buyer_name: 'ACME SARL' });
  });

  it('charges VAT when VIES refuses the number or cannot be reached, and says why; a malformed number is a 400', async () => {
    const refused = (await quote({ country: 'FR', vat_number: FR_NOT_REGISTERED })).json();
    expect(refused).toMatchObject({
      tax: 2_000,
      total: 12_000,
      treatment: 'standard',
      note: expect.stringMatching(/not registered for VAT, so VAT is charged/),
    });
    await buyWithTax(t, euro, 12_000, { country: 'FR', vat_number: FR_NOT_REGISTERED, customerEmail: 'fr2@example.com' });
    vies.state.mode = 'down';
    try {
      const down = (await quote({ country: 'FR', vat_number: FR_BUSINESS })).json();
      expect(down).toMatchObject({ tax: 2_000, treatment: 'standard', note: expect.stringMatching(/could not check.*reclaim/) });
    } finally {
      vies.state.mode = 'up';
    }
    const malformed = await quote({ country: 'FR', vat_number: 'FR123' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/vat_number: FR123 is not a valid VAT number/);
    const otherCountry = await quote({ country: 'DE', vat_number: FR_BUSINESS });
    expect(otherCountry.statusCode).toBe(400);
    expect(otherCountry.json<{ message: string }>().message).toMatch(/of FR, but the country chosen is DE/);
  });

  it('prices that include tax keep the total and take the tax out; unregistered countries sell without tax or are refused', async () => {
    await setTaxSettings(t, admin, { prices_include_tax: true });
    expect((await quote({ country: 'DE' })).json()).toMatchObject({ net: 8_403, tax: 1_597, total: 10_000 });
    await setTaxSettings(t, admin, { prices_include_tax: false, seller_country: 'DE', eu_oss: false, uk: false, other_registrations: ['NO'] });
    expect((await quote({ country: 'FR' })).json()).toMatchObject({ tax: 0, total: 10_000, treatment: 'not_registered' });
    expect((await quote({ country: 'NO' })).json()).toMatchObject({ rate_bp: 2_500, total: 12_500, treatment: 'standard' });
    await setTaxSettings(t, admin, { unregistered: 'refuse', rate_overrides: { NO: 24 } });
    expect((await quote({ country: 'NO' })).json()).toMatchObject({ rate_bp: 2_400, total: 12_400 });
    const refused = await quote({ country: 'US' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/can't sell to buyers in US/);
    await setTaxSettings(t, admin, {
      seller_country: 'IE',
      eu_oss: true,
      uk: true,
      other_registrations: [],
      unregistered: 'sell_without_tax',
      rate_overrides: {},
    });
  });

  it('prefills the country from a trusted proxy header or the GeoIP database', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      remoteAddress: '81.2.69.142',
      payload: { items: [{ id: BUYABLE_SLUG, price_id: euro }] },
    });
    expect(answer.json()).toMatchObject({ detected_country: 'GB', country: 'GB', rate_bp: 2_000 });
  });
});
