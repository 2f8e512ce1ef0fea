import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { afterOneFulfilment, fulfilmentCounts, intentBody, licenseStatus } from '../../test/checkout-test-helpers.js';
import { deliverStripeWebhook, stripeEvent, stripeSignature, withStripeTestApp } from '../../test/stripe-test-app.js';
import { type FakeStripeApi } from '../../test/fake-stripe-api.js';

const WEBHOOK_SECRET = 'whsec_test_secret';

describe(`Stripe checkout and webhooks (${testDialect()})`, () => {
  let t: TestApp;
  let stripeApi: FakeStripeApi;
  withStripeTestApp(WEBHOOK_SECRET, (made) => ({ t, stripeApi } = made));

  let eventCounter = 0;
  const event = (type: string, object: Record<string, unknown>, id = `evt_${testDialect()}_${++eventCounter}`) => stripeEvent(id, type, object);
  const deliver = (payload: string, options: { secret?: string; timestamp?: number; signature?: string | null } = {}) =>
    deliverStripeWebhook(
      t.app,
      payload,
      options.signature === undefined ? stripeSignature(payload, options.secret ?? WEBHOOK_SECRET, options.timestamp) : options.signature,
    );
  const eventCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('payment_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Creates a payment through the Stripe provider and answers the PaymentIntent the stand-in created. */
  const startPayment = async (email: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: email }) });
    expect(response.statusCode).toBe(200);
    const clientSecret = response.json<{ clientSecret: string }>().clientSecret;
    const id = clientSecret.split('_secret_')[0] as string;
    return {
      id,
      object: 'payment_intent',
      amount: 4900,
      amount_received: 4900,
      currency: 'gbp',
      status: 'succeeded',
      metadata: { plugin_slug: 'postcode-delivery-zones', customer_email: email },
    };
  };
  const orderOf = (intentId: string) => t.db.selectFrom('orders').selectAll().where('provider_ref', '=', intentId).executeTakeFirstOrThrow();

  it('offers Stripe with the publishable key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/checkout/config' })).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_fake',
      message: null,
    });
  });

  it('creates the PaymentIntent at Stripe for the server-computed amount and records a pending order', async () => {
    const intent = await startPayment('stripe-buyer@example.com');
    expect(stripeApi.created.at(-1)).toMatchObject({
      amount: '4900',
      currency: 'gbp',
      receipt_email: 'stripe-buyer@example.com',
      'metadata[plugin_slug]': 'postcode-delivery-zones',
    });
    expect(await orderOf(intent.id)).toMatchObject({ status: 'pending', provider: 'stripe', amount: 4900, email: 'stripe-buyer@example.com' });
  });

  it('payment_intent.succeeded fulfils once: paid order, lifetime licence, order_paid, one e-mail; a redelivery changes nothing', async () => {
    const intent = await startPayment('paid@example.com');
    const before = await fulfilmentCounts(t.db);
    const payload = event('payment_intent.succeeded', intent);
    const response = await deliver(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const order = await orderOf(intent.id);
    expect(order.status).toBe('paid');
    const license = await t.db
      .selectFrom('licenses')
      .selectAll()
      .where('id', '=', order.license_id as number)
      .executeTakeFirstOrThrow();
    expect(license).toMatchObject({ plan: 'lifetime', max_activations: 3, customer_email: 'paid@example.com', order_id: order.id });
    expect(await fulfilmentCounts(t.db)).toEqual(afterOneFulfilment(before));

    expect((await deliver(payload)).json()).toEqual({ received: true, outcome: 'duplicate' });
    // The same payment announced again under a new event id (a late resend) finds the order paid.
    expect((await deliver(event('payment_intent.succeeded', intent))).json()).toEqual({ received: true, outcome: 'already_paid' });
    expect(await fulfilmentCounts(t.db)).toMatchObject({ paid: before.paid + 1, licenses: before.licenses + 1, emails: before.emails + 1 });
  });

  it('answers 400 to a bad, missing or stale signature and writes nothing', async () => {
    const intent = await startPayment('forged@example.com');
    const before = { counts: await fulfilmentCounts(t.db), events: await eventCount() };
    const payload = event('payment_intent.succeeded', intent);
    const attempts = [
      await deliver(payload, { secret: 'whsec_wrong' }),
      await deliver(payload, { signature: null }),
      await deliver(payload, { signature: 't=1,v1=deadbeef' }),
      await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      // A valid signature over different bytes: the body was altered after signing.
      await deliverStripeWebhook(t.app, payload.replace('4900', '1'), stripeSignature(payload, WEBHOOK_SECRET)),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Stripe-Signature|Stripe signature/);
    }
    expect(attempts[3]?.json().message).toMatch(/tolerance|timestamp/i);
    expect({ counts: await fulfilmentCounts(t.db), events: await eventCount() }).toEqual(before);
    expect((await orderOf(intent.id)).status).toBe('pending');
  });

  it('accepts a signature within the 300 s tolerance', async () => {
    const intent = await startPayment('late@example.com');
    const response = await deliver(event('payment_intent.succeeded', intent), { timestamp: Math.floor(Date.now() / 1000) - 250 });
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
  });

  it('answers 200 to an unknown event type and ignores it', async () => {
    const before = await fulfilmentCounts(t.db);
    const response = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await fulfilmentCounts(t.db)).toEqual(before);
  });

  it('charge.refunded revokes the licence and marks the order refunded', async () => {
    const intent = await startPayment('refund@example.com');
    await deliver(event('payment_intent.succeeded', intent));
    const paid = await orderOf(intent.id);
    const response = await deliver(event('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: intent.id, refunded: true }));
    expect(response.json()).toEqual({ received: true, outcome: 'refunded' });
    expect((await orderOf(intent.id)).status).toBe('refunded');
    expect(await licenseStatus(t.db, paid.license_id as number)).toBe('revoked');
  });

  it('a refund delivered before the success (out of order) means no licence is ever issued', async () => {
    const intent = await startPayment('out-of-order@example.com');
    const before = await fulfilmentCounts(t.db);
    expect((await deliver(event('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: intent.id }))).json().outcome).toBe('refunded');
    expect((await deliver(event('payment_intent.succeeded', intent))).json().outcome).toBe('already_refunded');
    expect(await fulfilmentCounts(t.db)).toEqual(before);
  });

  it('the same payment_intent.succeeded delivered 10 times concurrently gives one paid order, one licence, one e-mail', async () => {
    const intent = await startPayment('concurrent@example.com');
    const before = await fulfilmentCounts(t.db);
    const payload = event('payment_intent.succeeded', intent);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const outcomes = responses.map((r) => r.json<{ outcome: string }>().outcome).sort();
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect(await fulfilmentCounts(t.db)).toEqual(afterOneFulfilment(before));
  });

  it('10 concurrent successes for one payment under different event ids still issue one licence', async () => {
    const intent = await startPayment('concurrent-ids@example.com');
    const before = await fulfilmentCounts(t.db);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(event('payment_intent.succeeded', intent))));
    const outcomes = responses.map((r) => r.json<{ outcome: string }>().outcome);
    expect(outcomes.filter((o) => o === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_paid')).toHaveLength(9);
    expect(await fulfilmentCounts(t.db)).toMatchObject({ paid: before.paid + 1, licenses: before.licenses + 1, emails: before.emails + 1 });
  });

  it('fulfils a success whose pending order is missing, from the PaymentIntent metadata', async () => {
    const intent = {
      id: 'pi_created_elsewhere',
      object: 'payment_intent',
      amount: 4900,
      amount_received: 4900,
      currency: 'gbp',
      metadata: { plugin_slug: 'postcode-delivery-zones', customer_email: 'elsewhere@example.com' },
    };
    expect((await deliver(event('payment_intent.succeeded', intent))).json().outcome).toBe('fulfilled');
    expect(await orderOf(intent.id)).toMatchObject({ status: 'paid', email: 'elsewhere@example.com', amount: 4900, currency: 'GBP' });
  });

  it('refuses webhooks while no webhook secret is configured', async () => {
    const unconfigured = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fake' } });
    try {
      const response = await unconfigured.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/not configured/);
    } finally {
      await unconfigured.close();
    }
  });
});
