import fs from 'node:fs';
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createTestApp, testDialect, type TestApp } from './test/test-app.js';
import { clientErrorFor } from './lib/client-errors.js';
import { releasesDir } from './modules/releases/index.js';
import { makePluginZip, multipartBody } from './test/release-test-helpers.js';
import { deliverSignedStripeEvent, stripeEvent } from './test/stripe-test-app.js';
import { POSTCODE_PLUGIN_SLUG } from './db/seed.js';

// U+0000 in any string that could reach the database answers the same 400 on SQLite and PostgreSQL
// (PostgreSQL cannot store it and used to answer 500). Channels without a zod route schema are checked here.

const LS_SECRET = 'ls_signing_secret';
const STRIPE_SECRET = 'whsec_test_secret';

describe(`NUL characters answer 400 on every channel (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { LEMONSQUEEZY_WEBHOOK_SECRET: LS_SECRET, STRIPE_WEBHOOK_SECRET: STRIPE_SECRET } });
    admin = await t.adminHeaders();
  });
  afterAll(async () => t.close());

  const count = async (table: 'payment_events' | 'releases' | 'orders') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('names the field of a JSON body, a form body, a query string and a path (the issue example first)', async () => {
    const cases = [
      {
        method: 'POST',
        url: '/api/v1/licenses/validate',
        payload: '{"license_key":"a\\u0000b"}',
        type: 'application/json',
        message: 'Invalid body: license_key: must not contain NUL characters (U+0000)',
      },
      {
        method: 'POST',
        url: '/api/v1/licenses/activate',
        payload: 'license_key=KEY&site_url=https%3A%2F%2Fa%00.example',
        type: 'application/x-www-form-urlencoded',
        message: 'Invalid body: site_url: must not contain NUL characters (U+0000)',
      },
      {
        method: 'GET',
        url: `/api/v1/plugins/${POSTCODE_PLUGIN_SLUG}/update?license_key=a%00b`,
        message: 'Invalid querystring: license_key: must not contain NUL characters (U+0000)',
      },
      { method: 'GET', url: '/api/v1/plugins/a%00b/update', message: 'Invalid params: slug: must not contain NUL characters (U+0000)' },
      { method: 'GET', url: '/api/v1/downloads/a%00b/x.zip', message: 'Invalid params: token: must not contain NUL characters (U+0000)' },
      { method: 'GET', url: '/releases/a%00b.zip', message: 'Invalid params: zip_path: must not contain NUL characters (U+0000)' },
    ] as const;
    for (const c of cases) {
      const headers = { ...(c.url.startsWith('/releases/') ? admin : {}), ...('type' in c ? { 'content-type': c.type } : {}) };
      const response = await t.app.inject({ method: c.method, url: c.url, headers, ...('payload' in c ? { payload: c.payload } : {}) });
      expect({ url: c.url, status: response.statusCode, body: response.json() }).toEqual({
        url: c.url,
        status: 400,
        body: { error: 'BAD_REQUEST', message: c.message },
      });
    }
  });

  it('names the field of an admin JSON body nested in an array', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { staging_site_patterns: ['ok', 'b\u0000d'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid body: staging_site_patterns\.1: must not contain NUL characters/);
  });

  it('answers 4xx for NUL in a /media path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/images/a%00b.png' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('refuses a release upload whose text fields hold NUL, leaving no row and no file', async () => {
    const zip = await makePluginZip(POSTCODE_PLUGIN_SLUG, '9.9.9');
    const before = {
      rows: await count('releases'),
      files: fs.existsSync(releasesDir(t.config.dataDir)) ? fs.readdirSync(releasesDir(t.config.dataDir)).length : 0,
    };
    for (const fields of [
      { plugin_slug: 'postcode\u0000', version: '9.9.9', notes: '' },
      { plugin_slug: POSTCODE_PLUGIN_SLUG, version: '9.9.9', notes: 'Fixes\u0000' },
    ]) {
      const body = multipartBody(fields, { content: zip });
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/releases', payload: body.payload, headers: { ...admin, ...body.headers } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/must not contain NUL characters/);
    }
    expect(await count('releases')).toBe(before.rows);
    expect(fs.existsSync(releasesDir(t.config.dataDir)) ? fs.readdirSync(releasesDir(t.config.dataDir)).length : 0).toBe(before.files);
  });

  it('refuses a signed Lemon Squeezy webhook with NUL in a field and writes nothing', async () => {
    const before = await count('payment_events');
    const body = JSON.stringify({
      meta: { event_name: 'order_created', custom_data: null },
      data: {
        type: 'orders',
        id: '7001',
        attributes: { user_email: 'a\u0000@example.com', total: 4900, currency: 'GBP', status: 'paid', first_order_item: { product_id: 1, variant_id: 1 } },
      },
    });
    const signature = createHmac('sha256', LS_SECRET).update(body).digest('hex');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/lemonsqueezy',
      headers: { 'content-type': 'application/json', 'x-signature': signature },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/attributes\.user_email: must not contain NUL characters/);
    expect(await count('payment_events')).toBe(before);
  });

  it('refuses a signed Stripe webhook with NUL in a field and writes nothing', async () => {
    const before = await count('payment_events');
    const payload = stripeEvent(`evt_nul_${testDialect()}`, 'payment_intent.succeeded', {
      id: 'pi_nul\u0000',
      object: 'payment_intent',
      amount: 4900,
      amount_received: 4900,
      currency: 'gbp',
      status: 'succeeded',
      metadata: {},
    });
    const response = await deliverSignedStripeEvent(t.app, payload, STRIPE_SECRET);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/must not contain NUL characters/);
    expect(await count('payment_events')).toBe(before);
  });

  it('the error handler maps the database refusing NUL to 400 (the backstop for a route without a check)', async () => {
    const request = { headers: {} } as FastifyRequest;
    const query = t.db.selectFrom('plugins').select('slug').where('slug', '=', 'a\u0000b');
    if (testDialect() === 'postgres') {
      const error = await query.execute().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(clientErrorFor(error, request)).toMatchObject({ statusCode: 400, message: 'Text must not contain NUL characters (U+0000)' });
      const jsonError = await sql`select ${'"\\u0000"'}::jsonb ->> 0`.execute(t.db).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(clientErrorFor(jsonError, request)).toMatchObject({ statusCode: 400 });
    } else {
      expect(await query.execute()).toEqual([]); // SQLite stores NUL: only the validator keeps the answers alike
    }
    expect(clientErrorFor(new Error('connection refused'), request)).toBeUndefined();
  });
});
