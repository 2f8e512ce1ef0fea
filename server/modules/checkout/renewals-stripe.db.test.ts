import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG } from '../../test/checkout-test-helpers.js';
import { deliverSignedStripeEvent, stripeEvent, withStripeTestApp } from '../../test/stripe-test-app.js';
import { type FakeStripeApi } from '../../test/fake-stripe-api.js';
import { addPriceTier, createAdminLicense } from '../../test/shop-fixtures.js';
import { addTerm } from '../../../common/prices.js';

// A renewal paid through Stripe (the real SDK against the local Stripe stand-in): the intent is created for the
// renewal price, and the signed payment_intent.succeeded webhook extends the licence (docs/pricing.md "Renewals").
const WEBHOOK_SECRET = 'whsec_renewal_secret';

describe(`renewal through Stripe (${testDialect()})`, () => {
  let t: TestApp;
  let stripeApi: FakeStripeApi;
  withStripeTestApp(WEBHOOK_SECRET, (made) => ({ t, stripeApi } = made));

  it('charges the renewal price at Stripe and extends the licence by one term when the webhook says it succeeded', async () => {
    const admin = await t.adminHeaders();
    const priceId = (await addPriceTier(t, admin, { name: 'Yearly', sites: 5, term: 'year', amount: 9000, currency: 'GBP', renewal_discount_percent: 10 })).id;
    const expiresAt = '2027-06-15T09:00:00.000Z';
    const license = await createAdminLicense(t, admin, {
      plugin_slug: BUYABLE_SLUG,
      plan: 'pro_yearly',
      max_activations: 5,
      customer_email: 'stripe-renewer@example.com',
    });
    await t.db.updateTable('licenses').set({ price_id: priceId, expires_at: expiresAt }).where('id', '=', license.id).execute();

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/renewals/payment-intent',
      payload: { license_key: license.key, kind: 'renewal', amount: 8100 },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(stripeApi.created.at(-1)).toMatchObject({ amount: '8100', currency: 'gbp', receipt_email: 'stripe-renewer@example.com' });
    const intentId = started.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] as string;
    expect(await t.db.selectFrom('orders').selectAll().where('provider_ref', '=', intentId).executeTakeFirstOrThrow()).toMatchObject({
      kind: 'renewal',
      status: 'pending',
      target_license_id: license.id,
      amount: 8100,
    });

    const payload = stripeEvent(`evt_renewal_${testDialect()}`, 'payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      amount: 8100,
      amount_received: 8100,
      currency: 'gbp',
      status: 'succeeded',
      metadata: { plugin_slug: BUYABLE_SLUG, customer_email: 'stripe-renewer@example.com' },
    });
    expect((await deliverSignedStripeEvent(t.app, payload, WEBHOOK_SECRET)).json()).toEqual({ received: true, outcome: 'fulfilled' });
    const after = await t.db.selectFrom('licenses').selectAll().where('id', '=', license.id).executeTakeFirstOrThrow();
    expect(after.expires_at).toBe(addTerm(expiresAt, 'year'));
    // A redelivery changes nothing: one term per payment.
    expect((await deliverSignedStripeEvent(t.app, payload, WEBHOOK_SECRET)).json()).toMatchObject({ received: true, outcome: 'duplicate' });
    expect((await t.db.selectFrom('licenses').select('expires_at').where('id', '=', license.id).executeTakeFirstOrThrow()).expires_at).toBe(
      addTerm(expiresAt, 'year'),
    );
  });
});
