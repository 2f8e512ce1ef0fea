import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';
import { deliverSignedStripeEvent, stripeEvent, withStripeTestApp } from '../../test/stripe-test-app.js';
import { type FakeStripeApi } from '../../test/fake-stripe-api.js';
import { addPriceTier } from '../../test/shop-fixtures.js';
import { addTerm } from '../../../common/prices.js';

// Automatic renewal through Stripe with the real SDK against the local Stripe stand-in (decision 0013): the checkout
// saves the card on a Customer (setup_future_usage: off_session), and at expiry the worker confirms a PaymentIntent
// for the saved PaymentMethod off-session, with an idempotency key per licence, term and attempt; a declined card
// is a failed attempt that e-mails the renewal link.
const WEBHOOK_SECRET = 'whsec_auto_renew_secret';
const HOUR = 3_600_000;

describe(`automatic renewal through Stripe (${testDialect()})`, () => {
  let t: TestApp;
  let stripeApi: FakeStripeApi;
  let priceId: number;
  let eventCounter = 0;
  withStripeTestApp(
    WEBHOOK_SECRET,
    (made) => ({ t, stripeApi } = made),
    async () => {
      const tier = { name: 'Yearly', sites: 5, term: 'year', amount: 9000, currency: 'GBP', renewal_discount_percent: 10 };
      priceId = (await addPriceTier(t, await t.adminHeaders(), tier)).id;
    },
  );

  /** Stripe tells the server a PaymentIntent succeeded (a signed webhook). */
  async function succeeded(intentId: string) {
    const intent = stripeApi.intents.get(intentId)!;
    const payload = stripeEvent(`evt_auto_${testDialect()}_${++eventCounter}`, 'payment_intent.succeeded', { ...intent, amount_received: intent.amount });
    return (await deliverSignedStripeEvent(t.app, payload, WEBHOOK_SECRET)).json<{ outcome: string }>();
  }

  /** Buys the yearly tier with automatic renewal; the buyer pays in the browser with `paymentMethod`. */
  async function buy(email: string, paymentMethod: string) {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: BUYABLE_SLUG, price_id: priceId }], amount: 9000, customerEmail: email, auto_renew: true },
    });
    expect(started.statusCode, started.body).toBe(200);
    const intentId = started.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] as string;
    stripeApi.pay(intentId, paymentMethod);
    expect(await succeeded(intentId)).toMatchObject({ outcome: 'fulfilled' });
    const license = await t.db.selectFrom('licenses').selectAll().where('customer_email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { id: license.id, key: license.key, expiresAt: license.expires_at as string, intentId };
  }

  const runAt = async (at: number) => {
    t.ctx.renewalReminders.now = () => new Date(at);
    await t.ctx.autoRenewals.runNow();
  };

  it('saves the card on a Customer at checkout and charges it off-session at expiry, once', async () => {
    const email = 'stripe-auto@example.com';
    const license = await buy(email, 'pm_card_visa');
    const checkoutIntent = stripeApi.created.find((form) => form.receipt_email === email)!;
    expect(checkoutIntent).toMatchObject({ setup_future_usage: 'off_session', amount: '9000' });
    const customer = [...stripeApi.customers.values()].find((c) => c.email === email)!;
    expect(checkoutIntent.customer).toBe(customer.id);
    expect(await t.db.selectFrom('license_auto_renewals').selectAll().where('license_id', '=', license.id).executeTakeFirstOrThrow()).toMatchObject({
      enabled: 1,
      provider: 'stripe',
      customer_ref: customer.id,
    });

    await runAt(Date.parse(license.expiresAt) + HOUR);
    const renewal = stripeApi.created.at(-1)!;
    expect(renewal).toMatchObject({ amount: '8100', currency: 'gbp', customer: customer.id, payment_method: 'pm_card_visa', 'metadata[auto_renew]': 'true' });
    expect(renewal['metadata[plugin_slug]']).toBeUndefined();
    const confirmation = stripeApi.confirmations.at(-1)!;
    expect(confirmation).toMatchObject({ off_session: 'true', payment_method: 'pm_card_visa' });
    expect(confirmation.idempotency_key).toBe(`auto-renew:${license.id}:${license.expiresAt}:1:confirm`);
    const orders = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', license.id).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ kind: 'renewal', status: 'paid', amount: 8100, provider: 'stripe', provider_ref: confirmation.id });
    expect((await t.db.selectFrom('licenses').select('expires_at').where('id', '=', license.id).executeTakeFirstOrThrow()).expires_at).toBe(
      addTerm(license.expiresAt, 'year'),
    );
    // Stripe's own webhook for the renewal's intent finds the order paid already: one term per payment.
    expect(await succeeded(confirmation.id)).toMatchObject({ outcome: 'already_paid' });
    await runAt(Date.parse(license.expiresAt) + 2 * HOUR);
    expect(stripeApi.confirmations.filter((c) => c.id === confirmation.id)).toHaveLength(1);

    // The same buyer's next purchase reuses their Customer.
    await buy(email, 'pm_card_visa');
    expect([...stripeApi.customers.values()].filter((c) => c.email === email)).toHaveLength(1);
  });

  it('a declined off-session charge is a failed attempt: the renewal link is e-mailed, the licence is not extended', async () => {
    const email = 'stripe-declined@example.com';
    const license = await buy(email, 'pm_card_chargeCustomerFail');
    await runAt(Date.parse(license.expiresAt) + HOUR);
    expect(stripeApi.confirmations.at(-1)).toMatchObject({ off_session: 'true', payment_method: 'pm_card_chargeCustomerFail' });
    const failed = await t.db.selectFrom('activities').selectAll().where('action_type', '=', 'auto_renew_failed').execute();
    const mine = failed.map((row) => JSON.parse(row.details) as { license_id: number; code: string }).filter((d) => d.license_id === license.id);
    expect(mine).toEqual([expect.objectContaining({ code: 'card_declined', attempt: 1 })]);
    const emails = await t.db.selectFrom('emails').selectAll().where('to_address', '=', email).where('kind', '=', 'auto_renew_failed').execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('/renew?key=');
    expect((await t.db.selectFrom('licenses').select('expires_at').where('id', '=', license.id).executeTakeFirstOrThrow()).expires_at).toBe(license.expiresAt);
    const row = await t.db.selectFrom('license_auto_renewals').selectAll().where('license_id', '=', license.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 1, attempts: 1 });
    expect(row.next_attempt_at).toBe(new Date(Date.parse(license.expiresAt) + 86_400_000).toISOString());
  });

  it('an off-session charge the bank wants authenticated is a failed attempt with authentication_required', async () => {
    const email = 'stripe-sca@example.com';
    const license = await buy(email, 'pm_card_authenticationRequired');
    await runAt(Date.parse(license.expiresAt) + HOUR);
    const failed = await t.db.selectFrom('activities').selectAll().where('action_type', '=', 'auto_renew_failed').execute();
    const mine = failed.map((row) => JSON.parse(row.details) as { license_id: number; code: string }).filter((d) => d.license_id === license.id);
    expect(mine).toEqual([expect.objectContaining({ code: 'authentication_required' })]);
  });
  it('with tax set up and Stripe Tax on, the off-session charge is Stripe Tax\u2019s total for the country on record and names its calculation', async () => {
    const admin = await t.adminHeaders();
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/tax', headers: admin, payload: { seller_country: 'IE', eu_oss: true } })).statusCode).toBe(
      200,
    );
    stripeApi.taxRates.set('DE', 19.5);
    try {
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: { items: [{ id: BUYABLE_SLUG, price_id: priceId }], country: 'DE' },
      });
      const total = quote.json<{ total: number }>().total;
      const email = 'stripe-auto-tax@example.de';
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { items: [{ id: BUYABLE_SLUG, price_id: priceId }], amount: total, customerEmail: email, auto_renew: true, country: 'DE' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const intentId = started.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] as string;
      stripeApi.pay(intentId, 'pm_card_visa');
      expect(await succeeded(intentId)).toMatchObject({ outcome: 'fulfilled' });
      const license = await t.db.selectFrom('licenses').selectAll().where('customer_email', '=', email).executeTakeFirstOrThrow();

      await runAt(Date.parse(license.expires_at as string) + HOUR);
      const calculation = stripeApi.taxCalculations.at(-1)!;
      expect(calculation).toMatchObject({ 'customer_details[address][country]': 'DE', 'line_items[0][amount]': '8100' });
      const order = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', license.id).executeTakeFirstOrThrow();
      expect(order).toMatchObject({ kind: 'renewal', status: 'paid', net_amount: 8100, tax_rate_bp: 1950, tax_country: 'DE' });
      expect(order.amount).toBe(8100 + order.tax_amount);
      expect(stripeApi.created.at(-1)).toMatchObject({ amount: String(order.amount), 'hooks[inputs][tax][calculation]': calculation.id });
    } finally {
      stripeApi.taxRates.clear();
      await t.app.inject({ method: 'PUT', url: '/api/admin/tax', headers: admin, payload: { seller_country: null, eu_oss: false } });
    }
  });
});
