import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { fulfilmentCounts } from '../checkout/checkout-test-helpers.js';

const SECRET = 'ls_signing_secret';
const PRODUCT_ID = '424242';

describe(`Lemon Squeezy webhook (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LEMONSQUEEZY_WEBHOOK_SECRET: SECRET } });
    await t.db.updateTable('plugins').set({ lemonsqueezy_product_id: PRODUCT_ID }).where('slug', '=', 'postcode-delivery-zones').execute();
  });
  afterAll(async () => t.close());

  const payload = (eventName: string, orderId: number, productId: number | string = Number(PRODUCT_ID)) =>
    JSON.stringify({
      meta: { event_name: eventName, custom_data: null },
      data: {
        type: 'orders',
        id: String(orderId),
        attributes: { user_email: `ls-${orderId}@example.com`, total: 4900, currency: 'GBP', status: 'paid', first_order_item: { product_id: productId, variant_id: 1 } },
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

  it('order_created with a good X-Signature fulfils the mapped plugin once', async () => {
    const before = await fulfilmentCounts(t.db);
    const body = payload('order_created', 1001);
    const response = await deliver(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    expect((await deliver(body)).json().outcome).toBe('duplicate');
    const order = await t.db.selectFrom('orders').selectAll().where('provider', '=', 'lemonsqueezy').where('provider_ref', '=', '1001').executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'paid', plugin_slug: 'postcode-delivery-zones', email: 'ls-1001@example.com', amount: 4900, currency: 'GBP' });
    expect(await fulfilmentCounts(t.db)).toEqual({
      orders: before.orders + 1,
      paid: before.paid + 1,
      licences: before.licences + 1,
      emails: before.emails + 1,
      orderPaidActivities: before.orderPaidActivities + 1,
    });
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
    const order = await t.db.selectFrom('orders').selectAll().where('provider', '=', 'lemonsqueezy').where('provider_ref', '=', '1004').executeTakeFirstOrThrow();
    expect(order.status).toBe('refunded');
    const licence = await t.db.selectFrom('licenses').select('status').where('id', '=', order.license_id as number).executeTakeFirstOrThrow();
    expect(licence.status).toBe('revoked');
  });

  it('answers 400 with a message to a signed body that is not a Lemon Squeezy order', async () => {
    for (const body of ['not json', JSON.stringify({ meta: {} })]) {
      const response = await deliver(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/JSON|payload/);
    }
  });
});
