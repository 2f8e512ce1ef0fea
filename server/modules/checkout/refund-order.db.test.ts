import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { ensureQualifyingRelease, intentBody } from '../../test/checkout-test-helpers.js';
import { withStripeTestApp } from '../../test/stripe-test-app.js';
import { addWebhookEndpoint, lemonSqueezyOrderPaid } from '../../test/shop-fixtures.js';
import { type FakeStripeApi } from '../../test/fake-stripe-api.js';
import { applyPaymentEvent } from '../orders/index.js';

// Refunds from the admin (issue 26, docs/checkout.md "Refunds"): POST /api/admin/orders/{id}/refund gives the whole
// amount back through the order's provider, then records it as the provider's refund webhook does.

type CountedTable = 'activities' | 'emails' | 'webhook_deliveries' | 'payment_events';

async function setUp(t: TestApp): Promise<Record<string, string>> {
  await ensureQualifyingRelease(t.db);
  const headers = await t.adminHeaders();
  await addWebhookEndpoint(t, headers, []);
  return headers;
}

const counter = (t: TestApp) => async (table: CountedTable, where?: [string, string]) => {
  let query = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n'));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's loose filter
  if (where) query = query.where(where[0] as any, '=', where[1]);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** Everything a refund writes, counted: a refused refund must leave all of it as it was. */
const snapshot = async (t: TestApp, orderId: number) => {
  const count = counter(t);
  const order = await t.db.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const license = await t.db.selectFrom('licenses').select(['status']).where('order_id', '=', orderId).executeTakeFirst();
  return {
    order,
    license,
    activities: await count('activities'),
    emails: await count('emails'),
    deliveries: await count('webhook_deliveries'),
    events: await count('payment_events'),
  };
};

describe(`refunds from the admin, test provider (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = await setUp(t);
  });
  afterAll(async () => t.close());

  const refund = (id: number | string) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/refund`, headers });
  const buy = async (email: string) => {
    const started = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: email }) });
    expect(started.statusCode, started.body).toBe(200);
    const clientSecret = started.json<{ clientSecret: string }>().clientSecret;
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });
    expect(confirmed.json()).toEqual({ status: 'succeeded' });
    return t.db.selectFrom('orders').selectAll().where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  };

  it('refunds a paid order: order refunded, licence revoked and its sites gone, buyer e-mailed, order.refunded and an activity entry', async () => {
    const count = counter(t);
    const order = await buy('refund-me@example.com');
    const license = await t.db.selectFrom('licenses').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: license.key, site_url: 'https://shop.example.com', plugin_slug: order.plugin_slug },
    });
    expect(activated.statusCode, activated.body).toBe(200);

    const response = await refund(order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: order.id, status: 'refunded', license_key: license.key });

    expect(await t.db.selectFrom('licenses').select('status').where('id', '=', license.id).executeTakeFirstOrThrow()).toEqual({ status: 'revoked' });
    expect(await t.db.selectFrom('license_activations').select('id').where('license_id', '=', license.id).execute()).toEqual([]);
    const email = await t.db.selectFrom('emails').selectAll().where('kind', '=', 'refund').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(email.to_address).toBe('refund-me@example.com');
    expect(email.subject).toBe(`Your Postcode Delivery Zones order #${order.id} has been refunded`);
    expect(email.text).toContain('(you paid £49)');
    expect(email.text).toContain('no longer works');
    expect(await count('webhook_deliveries', ['event_type', 'order.refunded'])).toBe(1);
    expect(await count('webhook_deliveries', ['event_type', 'license.revoked'])).toBe(1);
    const activity = await t.db.selectFrom('activities').selectAll().where('action_type', '=', 'order_refunded').executeTakeFirstOrThrow();
    expect(JSON.parse(activity.details ?? '{}')).toMatchObject({ order_id: order.id, by: 'admin', refund_ref: expect.stringMatching(/^test_re_/) });
    // The licence no longer validates.
    const validated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/validate',
      payload: { license_key: license.key, site_url: 'https://shop.example.com', plugin_slug: order.plugin_slug },
    });
    expect(validated.json()).toMatchObject({ valid: false });

    // The customer's summary follows (docs/customers.md).
    const customer = await t.db.selectFrom('customers').selectAll().where('email', '=', 'refund-me@example.com').executeTakeFirstOrThrow();
    expect(customer.total_paid).toBe(0);
  });

  it('refuses a second refund, a pending order and an unknown order with a 4xx, writing nothing', async () => {
    const order = await buy('twice@example.com');
    expect((await refund(order.id)).statusCode).toBe(200);
    const before = await snapshot(t, order.id);
    const again = await refund(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Order #${order.id} is already refunded`);
    expect(await snapshot(t, order.id)).toEqual(before);

    const started = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: 'pending@example.com' }) });
    expect(started.statusCode).toBe(200);
    const pending = await t.db.selectFrom('orders').selectAll().where('email', '=', 'pending@example.com').executeTakeFirstOrThrow();
    const pendingBefore = await snapshot(t, pending.id);
    const notPaid = await refund(pending.id);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe(`Order #${pending.id} is pending, not paid, so there is nothing to refund`);
    expect(await snapshot(t, pending.id)).toEqual(pendingBefore);

    expect((await refund(2_000_000)).statusCode).toBe(404);
    expect((await refund('abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/refund` })).statusCode).toBe(401);
  });

  it('refuses a Lemon Squeezy order (refunded in its dashboard, whose webhook records it)', async () => {
    const paid = { orderId: await lemonSqueezyOrderPaid(t.ctx, 'ls-refund-1', { email: 'ls@example.com', pluginSlug: 'postcode-delivery-zones' }) };
    const before = await snapshot(t, paid.orderId as number);
    const response = await refund(paid.orderId as number);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain("refund it in Lemon Squeezy's dashboard");
    expect(await snapshot(t, paid.orderId as number)).toEqual(before);
  });
});

describe(`refunds from the admin, Stripe through its SDK (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let stripeApi: FakeStripeApi;
  let events = 0;
  withStripeTestApp(
    'whsec_refunds',
    (made) => ({ t, stripeApi } = made),
    async () => {
      headers = await setUp(t);
    },
  );

  const refund = (id: number) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/refund`, headers });
  /** A Stripe payment made and paid (the stand-in's intent succeeded, its webhook applied). */
  const buy = async (email: string) => {
    const started = await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: intentBody({ customerEmail: email }) });
    expect(started.statusCode, started.body).toBe(200);
    const intentId = started.json<{ clientSecret: string }>().clientSecret.split('_secret_')[0] as string;
    const intent = stripeApi.intents.get(intentId);
    if (!intent) throw new Error('no intent');
    intent.status = 'succeeded';
    const paid = await applyPaymentEvent(t.ctx, {
      kind: 'paid',
      provider: 'stripe',
      eventId: `evt_refund_${++events}`,
      eventType: 'payment_intent.succeeded',
      providerRef: intentId,
    });
    expect(paid.outcome).toBe('fulfilled');
    return { orderId: paid.orderId as number, intentId };
  };

  it('refunds the whole amount with stripe.refunds.create; the later charge.refunded webhook changes nothing', async () => {
    const { orderId, intentId } = await buy('stripe-refund@example.com');
    const response = await refund(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'refunded' });
    expect(stripeApi.refunds).toEqual([
      expect.objectContaining({ payment_intent: intentId, amount: 4900, status: 'succeeded', idempotency_key: `refund-${intentId}` }),
    ]);
    const license = await t.db.selectFrom('licenses').select('status').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(license.status).toBe('revoked');
    expect(await counter(t)('emails', ['kind', 'refund'])).toBe(1);

    const before = await snapshot(t, orderId);
    const webhook = await applyPaymentEvent(t.ctx, {
      kind: 'refunded',
      provider: 'stripe',
      eventId: 'evt_charge_refunded_1',
      eventType: 'charge.refunded',
      providerRef: intentId,
    });
    expect(webhook.outcome).toBe('already_refunded');
    expect({ ...(await snapshot(t, orderId)), events: before.events }).toEqual(before);
    expect(await counter(t)('emails', ['kind', 'refund'])).toBe(1);
  });

  it('a refund Stripe refuses (made in its dashboard already) answers 409 and writes nothing', async () => {
    const { orderId, intentId } = await buy('refunded-elsewhere@example.com');
    stripeApi.refunds.push({
      id: 're_dashboard',
      object: 'refund',
      payment_intent: intentId,
      amount: 4900,
      currency: 'gbp',
      status: 'succeeded',
      idempotency_key: null,
    });
    const before = await snapshot(t, orderId);
    const response = await refund(orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(
      new RegExp(`^Order #${orderId} was not refunded: Stripe refused the refund: Charge .* has already been refunded\\.$`),
    );
    expect(await snapshot(t, orderId)).toEqual(before);
  });

  it('Stripe unreachable answers 502 with a message to try again, and writes nothing; trying again refunds once', async () => {
    const { orderId } = await buy('stripe-down@example.com');
    const before = await snapshot(t, orderId);
    stripeApi.refundFailure = 'down';
    try {
      const response = await refund(orderId);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ error: 'PAYMENT_PROVIDER_ERROR', message: expect.stringContaining('Nothing changed; try again.') });
      expect(await snapshot(t, orderId)).toEqual(before);
    } finally {
      stripeApi.refundFailure = null;
    }
    const refunds = stripeApi.refunds.length;
    const [first, second] = await Promise.all([refund(orderId), refund(orderId)]);
    // Two admins at once: each sees the order refunded (200), or the later one is told it is already (409); Stripe
    // makes one Refund (same idempotency key) and the order is refunded once (same payment event).
    const statuses = [first?.statusCode, second?.statusCode];
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(stripeApi.refunds.length).toBe(refunds + 1);
    expect(await counter(t)('webhook_deliveries', ['event_type', 'order.refunded'])).toBe(2);
  });
});
