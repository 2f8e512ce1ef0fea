import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { afterOneFulfilment, fulfilmentCounts, licenseStatus } from '../../test/checkout-test-helpers.js';

const SECRET = 'ls_signing_secret';
const PRODUCT_ID = '424242';

describe(`Lemon Squeezy webhook (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LEMONSQUEEZY_WEBHOOK_SECRET: SECRET } });
    await t.db.updateTable('plugins').set({ lemonsqueezy_product_id: PRODUCT_ID }).where('slug', '=', 'postcode-delivery-zones').execute();
  });
  afterAll(async () => t.close());

  const payload = (eventName: string, orderId: number, productId: number | string = Number(PRODUCT_ID), userEmail = `ls-${orderId}@example.com`) =>
    JSON.stringify({
      meta: { event_name: eventName, custom_data: null },
      data: {
        type: 'orders',
        id: String(orderId),
        attributes: { user_email: userEmail, total: 4900, currency: 'GBP', status: 'paid', first_order_item: { product_id: productId, variant_id: 1 } },
      },
    });
  const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');
  const deliver = (body: string, signature: string | null = sign(body)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/lemonsqueezy',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
      payload: body,
    });
  const events = () => t.db.selectFrom('payment_events').selectAll().where('provider', '=', 'lemonsqueezy').orderBy('id').execute();
  const orderOf = (ref: number) =>
    t.db.selectFrom('orders').selectAll().where('provider', '=', 'lemonsqueezy').where('provider_ref', '=', String(ref)).executeTakeFirst();
  const lemonSqueezyOrder = async (ref: string) => {
    const order = await orderOf(Number(ref));
    if (!order) throw new Error(`no Lemon Squeezy order ${ref}`);
    return order;
  };

  it('order_created with a good X-Signature fulfils the mapped plugin once', async () => {
    const before = await fulfilmentCounts(t.db);
    const body = payload('order_created', 1001);
    const response = await deliver(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    expect((await deliver(body)).json().outcome).toBe('duplicate');
    const order = await lemonSqueezyOrder('1001');
    expect(order).toMatchObject({ status: 'paid', plugin_slug: 'postcode-delivery-zones', email: 'ls-1001@example.com', amount: 4900, currency: 'GBP' });
    expect(await fulfilmentCounts(t.db)).toEqual(afterOneFulfilment(before, 1));
  });

  it('answers 400 to a bad or missing X-Signature and writes nothing', async () => {
    const before = { counts: await fulfilmentCounts(t.db), events: (await events()).length };
    const body = payload('order_created', 1002);
    for (const signature of [sign(body, 'wrong-secret'), null, 'not-hex', sign(`${body} `)]) {
      const response = await deliver(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/X-Signature/);
    }
    expect({ counts: await fulfilmentCounts(t.db), events: (await events()).length }).toEqual(before);
  });

  it('records an order for an unmapped product without issuing a licence', async () => {
    const before = await fulfilmentCounts(t.db);
    const response = await deliver(payload('order_created', 1003, 999));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'unmapped_product' });
    expect(await fulfilmentCounts(t.db)).toEqual(before);
    expect((await events()).at(-1)).toMatchObject({ event_id: 'order_created:1003', outcome: 'unmapped_product', note: expect.stringContaining('999') });
  });

  it('lists the events that issued no licence for the Orders page, newest first, to admins only', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/payment-events/unmatched', headers: await t.adminHeaders() });
    expect(listed.statusCode).toBe(200);
    const unmatched = listed.json<Array<{ event_id: string; outcome: string; note: string | null }>>();
    expect(unmatched[0]).toMatchObject({ event_id: 'order_created:1003', outcome: 'unmapped_product', note: expect.stringContaining('999') });
    expect(unmatched.map((event) => event.outcome)).not.toContain('fulfilled');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/payment-events/unmatched' })).statusCode).toBe(401);
  });

  it('order_refunded revokes the licence', async () => {
    await deliver(payload('order_created', 1004));
    const response = await deliver(payload('order_refunded', 1004));
    expect(response.json()).toEqual({ received: true, outcome: 'refunded' });
    const order = await lemonSqueezyOrder('1004');
    expect(order.status).toBe('refunded');
    expect(await licenseStatus(t.db, order.license_id as number)).toBe('revoked');
  });

  it('answers 400 with a message to a signed body that is not a Lemon Squeezy order', async () => {
    for (const body of ['not json', JSON.stringify({ meta: {} })]) {
      const response = await deliver(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/JSON|payload/);
    }
  });

  it.each([
    ['a CR/LF header', 'victim@example.com\r\nBcc: x@attacker.example'],
    ['a LF header', 'victim@example.com\nBcc: x@attacker.example'],
    ['a comma list', 'victim@example.com, x@attacker.example'],
    ['a semicolon list', 'victim@example.com;x@attacker.example'],
    ['a display name', 'Victim <victim@example.com>'],
  ])('records an order_created whose user_email is %s as invalid_email, with no order, licence or e-mail', async (_name, userEmail) => {
    const ref = 2000 + userEmail.length;
    const before = await fulfilmentCounts(t.db);
    const response = await deliver(payload('order_created', ref, Number(PRODUCT_ID), userEmail));
    expect(response.json()).toEqual({ received: true, outcome: 'invalid_email' });
    expect(await fulfilmentCounts(t.db)).toEqual(before);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/payment-events/unmatched', headers: await t.adminHeaders() });
    expect(listed.json()[0]).toMatchObject({ event_id: `order_created:${ref}`, outcome: 'invalid_email', note: expect.stringContaining('not one address') });
  });

  // Each order below is delivered in the given sequence, every event twice; the end state must not depend on it.
  it.each([
    [
      'refund then order',
      3001,
      ['order_refunded', 'order_refunded', 'order_created', 'order_created'],
      ['refund_pending', 'duplicate', 'already_refunded', 'duplicate'],
    ],
    ['order then refund', 3002, ['order_created', 'order_created', 'order_refunded', 'order_refunded'], ['fulfilled', 'duplicate', 'refunded', 'duplicate']],
    [
      'refund, order, each replayed',
      3003,
      ['order_refunded', 'order_created', 'order_refunded', 'order_created'],
      ['refund_pending', 'already_refunded', 'duplicate', 'duplicate'],
    ],
  ])('%s: the refund wins and is recorded once', async (_name, ref, sequence, outcomes) => {
    const before = await fulfilmentCounts(t.db);
    const answers = [];
    for (const eventName of sequence) answers.push((await deliver(payload(eventName, ref))).json<{ outcome: string }>().outcome);
    expect(answers).toEqual(outcomes);
    const order = await orderOf(ref);
    expect(order).toMatchObject({ status: 'refunded', email: `ls-${ref}@example.com` });
    const refundFirst = outcomes[0] === 'refund_pending';
    // Refund first: no licence was ever issued and no e-mail queued; order first: one of each, the licence revoked.
    expect(order?.license_id === null).toBe(refundFirst);
    if (!refundFirst) {
      expect(await licenseStatus(t.db, order?.license_id as number)).toBe('revoked');
    }
    const issued = refundFirst ? 0 : 1;
    expect(await fulfilmentCounts(t.db)).toEqual({
      orders: before.orders + 1,
      paid: before.paid,
      licenses: before.licenses + issued,
      // A paid order that is refunded sends the licence e-mail and then the refund e-mail (issue 26).
      emails: before.emails + issued * 2,
      orderPaidActivities: before.orderPaidActivities + issued,
    });
    const refundEvent = (await events()).find((event) => event.event_id === `order_refunded:${ref}`);
    expect(refundEvent).toMatchObject({ outcome: 'refunded', order_id: order?.id });
    const refundedActivities = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'order_refunded').execute();
    expect(refundedActivities.filter((activity) => JSON.parse(activity.details ?? '{}').order_id === order?.id)).toHaveLength(1);
  });

  it('applies a refund and its order delivered concurrently, twice each, exactly once', async () => {
    const before = await fulfilmentCounts(t.db);
    const refs = Array.from({ length: 10 }, (_, i) => 4001 + i);
    await Promise.all(
      refs.flatMap((ref) => ['order_refunded', 'order_created', 'order_refunded', 'order_created'].map((eventName) => deliver(payload(eventName, ref)))),
    );
    for (const ref of refs) {
      const order = await orderOf(ref);
      expect(order?.status).toBe('refunded');
      if (order?.license_id != null) {
        const license = await t.db.selectFrom('licenses').select('status').where('id', '=', order.license_id).executeTakeFirstOrThrow();
        expect(license.status).toBe('revoked');
      }
    }
    const settled = (await events()).filter((event) => refs.some((ref) => event.event_id.endsWith(`:${ref}`)));
    // One row per event id (the replays were duplicates); every refund applied, none left pending.
    expect(settled).toHaveLength(refs.length * 2);
    for (const event of settled) {
      expect(event.outcome).toMatch(event.event_type === 'order_refunded' ? /^refunded$/ : /^(fulfilled|already_refunded)$/);
    }
    const after = await fulfilmentCounts(t.db);
    expect(after.orders).toBe(before.orders + refs.length);
    expect(after.paid).toBe(before.paid);
    expect(after.licenses - before.licenses).toBe(after.emails - before.emails);
    expect(after.licenses - before.licenses).toBeLessThanOrEqual(refs.length);
  });
});
