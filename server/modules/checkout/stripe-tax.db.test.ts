import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, fulfilmentCounts } from '../../test/checkout-test-helpers.js';
import { deliverSignedStripeEvent, stripeEvent, withStripeTestApp } from '../../test/stripe-test-app.js';
import { type FakeStripeApi } from '../../test/fake-stripe-api.js';
import { addTier, setTaxSettings } from '../../test/tax-test-helpers.js';
import { createAdminLicense } from '../../test/shop-fixtures.js';

const WEBHOOK_SECRET = 'whsec_stripe_tax_secret';

// Stripe Tax (decision 0014), through the stripe SDK against the local stand-in of Stripe's API.
describe(`tax through Stripe Tax (${testDialect()})`, () => {
  let t: TestApp;
  let stripeApi: FakeStripeApi;
  let admin: Record<string, string>;
  let euro: number;
  withStripeTestApp(
    WEBHOOK_SECRET,
    (made) => ({ t, stripeApi } = made),
    async () => {
      admin = await t.adminHeaders();
      euro = await addTier(t, admin);
      await setTaxSettings(t, admin, { seller_country: 'IE', eu_oss: true });
    },
  );

  const body = (amount: number) => ({ items: [{ id: BUYABLE_SLUG, price_id: euro }], amount, customerEmail: 'stripe-tax@example.de', country: 'DE' });

  it('without Stripe Tax on the account, the rates package computes it and the PaymentIntent is made for the total', async () => {
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: body(11_900) });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(stripeApi.created.at(-1)).toMatchObject({ amount: '11900', currency: 'eur' });
    expect(stripeApi.created.at(-1)?.['hooks[inputs][tax][calculation]']).toBeUndefined();
  });

  it('with Stripe Tax on, its calculation decides the amounts and the PaymentIntent names it; a tampered total is refused', async () => {
    stripeApi.taxRates.set('DE', 19.5); // not the package's rate: the answer can only come from Stripe Tax
    try {
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: { items: [{ id: BUYABLE_SLUG, price_id: euro }], country: 'DE' },
      });
      expect(quote.json()).toMatchObject({ net: 10_000, tax: 1_950, total: 11_950, rate_bp: 1_950, treatment: 'standard' });
      const before = await fulfilmentCounts(t.db);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { ...body(11_900), customerEmail: 'x@example.de' } })).statusCode,
      ).toBe(422);
      expect(await fulfilmentCounts(t.db)).toEqual(before);
      const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { ...body(11_950), customerEmail: 'y@example.de' } });
      expect(intent.statusCode, intent.body).toBe(200);
      const calculation = stripeApi.taxCalculations.at(-1);
      expect(calculation).toMatchObject({
        'customer_details[address][country]': 'DE',
        'line_items[0][amount]': '10000',
        'line_items[0][tax_behavior]': 'exclusive',
      });
      expect(stripeApi.created.at(-1)).toMatchObject({ amount: '11950', 'hooks[inputs][tax][calculation]': calculation?.id });
      const order = await t.db.selectFrom('orders').selectAll().where('email', '=', 'y@example.de').executeTakeFirstOrThrow();
      expect(order).toMatchObject({ amount: 11_950, net_amount: 10_000, tax_amount: 1_950, tax_rate_bp: 1_950 });
    } finally {
      stripeApi.taxRates.clear();
    }
  });
  it('a renewal is taxed by Stripe Tax too: the quote shows its amounts and the PaymentIntent names its calculation', async () => {
    const license = await createAdminLicense(t, admin, {
      plugin_slug: BUYABLE_SLUG,
      plan: 'pro_yearly',
      max_activations: 1,
      customer_email: 'stripe-tax-renewal@example.de',
    });
    await t.db.updateTable('licenses').set({ price_id: euro, expires_at: '2027-06-15T09:00:00.000Z' }).where('id', '=', license.id).execute();
    stripeApi.taxRates.set('DE', 19.5);
    try {
      const quote = await t.app.inject({ method: 'POST', url: '/api/renewals/quote', payload: { license_key: license.key, country: 'DE' } });
      expect(quote.json<{ renewal: object }>().renewal).toMatchObject({ amount: 11_950, tax: { net: 10_000, tax: 1_950, rate_bp: 1_950 } });
      const intent = await t.app.inject({
        method: 'POST',
        url: '/api/renewals/payment-intent',
        payload: { license_key: license.key, kind: 'renewal', amount: 11_950, country: 'DE' },
      });
      expect(intent.statusCode, intent.body).toBe(200);
      const calculation = stripeApi.taxCalculations.at(-1);
      expect(calculation).toMatchObject({ 'customer_details[address][country]': 'DE', 'line_items[0][amount]': '10000' });
      expect(stripeApi.created.at(-1)).toMatchObject({ amount: '11950', 'hooks[inputs][tax][calculation]': calculation?.id });
      const order = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', license.id).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ kind: 'renewal', amount: 11_950, net_amount: 10_000, tax_amount: 1_950, tax_rate_bp: 1_950, tax_country: 'DE' });
    } finally {
      stripeApi.taxRates.clear();
    }
  });
  it('the card country Stripe reports joins the order\u2019s evidence when its payment succeeds', async () => {
    const intent = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { ...body(11_900), customerEmail: 'card@example.de' } });
    expect(intent.statusCode, intent.body).toBe(200);
    const intentId = intent.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] as string;
    stripeApi.pay(intentId, 'pm_card_fr');
    const payload = stripeEvent(`evt_card_country_${testDialect()}`, 'payment_intent.succeeded', stripeApi.intents.get(intentId));
    const delivered = await deliverSignedStripeEvent(t.app, payload, WEBHOOK_SECRET);
    expect(delivered.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const order = await t.db.selectFrom('orders').selectAll().where('provider_ref', '=', intentId).executeTakeFirstOrThrow();
    expect(order.tax_evidence_status).toBe('conflict');
    expect(JSON.parse(order.tax_evidence as string)).toMatchObject({ declared: 'DE', card_country: 'FR', status: 'conflict' });
  });
});
