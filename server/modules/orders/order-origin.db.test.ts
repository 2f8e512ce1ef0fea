import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { ensureQualifyingRelease, intentBody } from '../../test/checkout-test-helpers.js';

// Without a base URL, the licence e-mail links to the host the buyer used (docs/checkout.md), not localhost.
describe(`licence e-mail links without a base URL (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
  });
  afterAll(async () => t.close());

  /** Buys through a request with these headers (from `remoteAddress`); answers the order id and its e-mail's text. */
  const buy = async (email: string, headers: Record<string, string>, remoteAddress?: string) => {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers,
      remoteAddress,
      payload: intentBody({ customerEmail: email }),
    });
    expect(intent.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      payload: { clientSecret: intent.json().clientSecret, cardNumber: '4242424242424242' },
    });
    expect(confirm.json()).toEqual({ status: 'succeeded' });
    const order = await t.db.selectFrom('orders').select(['id', 'origin']).where('email', '=', email).executeTakeFirstOrThrow();
    return { ...order, text: await latestEmailText(order.id) };
  };
  const latestEmailText = async (orderId: number) =>
    (await t.db.selectFrom('emails').select('text').where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirstOrThrow()).text;

  it('uses the Host of the checkout request, and the admin resend keeps it', async () => {
    const order = await buy('host@example.com', { host: 'shop.example.com' });
    expect(order.origin).toBe('http://shop.example.com');
    expect(order.text).toMatch(/Download \(valid for 7 days\): http:\/\/shop\.example\.com\/api\/v1\/downloads\//);
    expect(order.text).not.toContain('localhost');

    // The admin resends from another host (inject's default, localhost:80): the buyer's host stays.
    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/resend-email`, headers: await t.adminHeaders() });
    expect(resend.statusCode).toBe(200);
    expect(await latestEmailText(order.id)).toContain('http://shop.example.com/api/v1/downloads/');
  });

  it('believes X-Forwarded-Host and -Proto from a trusted proxy (TRUST_PROXY=loopback, the default)', async () => {
    const order = await buy(
      'proxied@example.com',
      { host: '127.0.0.1:3000', 'x-forwarded-host': 'shop.example.com', 'x-forwarded-proto': 'https' },
      '127.0.0.1',
    );
    expect(order.text).toContain('https://shop.example.com/api/v1/downloads/');
  });

  it('does not believe X-Forwarded-Host from an untrusted peer', async () => {
    const order = await buy(
      'direct@example.com',
      { host: 'shop.example.com', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      '203.0.113.9',
    );
    expect(order.origin).toBe('http://shop.example.com');
    expect(order.text).not.toContain('evil.example');
  });

  it('keeps no origin from a Host that is not a plain host name', async () => {
    const order = await buy('odd-host@example.com', { host: 'shop.example.com@evil.example' });
    expect(order.origin).toBeNull();
    expect(order.text).not.toContain('evil.example');
  });

  it('uses the base URL from Settings once it is set, for resends too', async () => {
    const headers = await t.adminHeaders();
    const order = await t.db.selectFrom('orders').select('id').where('email', '=', 'host@example.com').executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { base_url: 'https://licences.example.net' } })).statusCode).toBe(
      200,
    );
    try {
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/resend-email`, headers })).statusCode).toBe(200);
      expect(await latestEmailText(order.id)).toContain('https://licences.example.net/api/v1/downloads/');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { base_url: '' } });
    }
  });
});

describe(`Lemon Squeezy licence e-mail links without a base URL (${testDialect()})`, () => {
  const SECRET = 'ls_origin_secret';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LEMONSQUEEZY_WEBHOOK_SECRET: SECRET } });
    await ensureQualifyingRelease(t.db);
    await t.db.updateTable('plugins').set({ lemonsqueezy_product_id: '777' }).where('slug', '=', 'postcode-delivery-zones').execute();
  });
  afterAll(async () => t.close());

  it('uses the host the webhook reached', async () => {
    const body = JSON.stringify({
      meta: { event_name: 'order_created' },
      data: { id: '5001', attributes: { user_email: 'ls-origin@example.com', total: 4900, currency: 'GBP', first_order_item: { product_id: 777 } } },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/lemonsqueezy',
      headers: { host: 'licences.example.com', 'content-type': 'application/json', 'x-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
      payload: body,
    });
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const order = await t.db.selectFrom('orders').select(['id', 'origin']).where('provider_ref', '=', '5001').executeTakeFirstOrThrow();
    expect(order.origin).toBe('http://licences.example.com');
    const email = await t.db.selectFrom('emails').select('text').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(email.text).toContain('http://licences.example.com/api/v1/downloads/');
  });
});
