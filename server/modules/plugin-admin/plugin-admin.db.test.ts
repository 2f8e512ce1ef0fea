import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import type { AdminPlugin } from '../../../common/plugins.js';

const SLUG = 'postcode-delivery-zones';

describe(`PATCH /api/admin/plugins/:slug (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());

  const patch = async (payload: unknown, slug = SLUG) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${slug}`, headers, payload: payload as object });
  const current = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/plugins', headers })).json<AdminPlugin[]>().find((plugin) => plugin.slug === SLUG);

  it('sets and clears the LemonSqueezy product id, answering the admin plugin', async () => {
    const set = await patch({ lemonsqueezy_product_id: '123456' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ slug: SLUG, lemonsqueezy_product_id: '123456', price: 4900 });
    const cleared = await patch({ lemonsqueezy_product_id: null });
    expect(cleared.json<AdminPlugin>().lemonsqueezy_product_id).toBeNull();
  });

  it.each(['abc', '12a', '-5', '1.5', ' ', '１２'])('refuses product id %j with the specification message and changes nothing', async (value) => {
    await patch({ lemonsqueezy_product_id: '42' });
    const response = await patch({ lemonsqueezy_product_id: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('LemonSqueezy Product ID must be a numeric string');
    expect((await current())?.lemonsqueezy_product_id).toBe('42');
  });

  it('saves pricing fields and keeps the ones not sent', async () => {
    const response = await patch({ price: 5000, discount_price: 3900, currency: 'USD', price_display: '$50', is_free: false, pricing_active: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      price: 5000,
      discount_price: 3900,
      currency: 'USD',
      price_display: '$50',
      discount_display: null,
      pricing_active: true,
    });
    const partial = await patch({ discount_display: 'Launch offer' });
    expect(partial.json()).toMatchObject({ price: 5000, discount_price: 3900, currency: 'USD', discount_display: 'Launch offer' });
  });

  it.each([
    [{ price: -1 }, 'Price must be 0 or more'],
    [{ price: 49.5 }, 'Price must be a whole number of minor units (pence, cents)'],
    [{ price: '4900' }, 'Price must be a whole number of minor units (pence, cents)'],
    [{ discount_price: -100 }, 'Discount price must be 0 or more'],
    [{ currency: 'JPY' }, 'Currency must be one of GBP, USD, EUR'],
    [{ is_free: 'yes' }, 'is_free must be true or false'],
    [{ pricing_active: 1 }, 'pricing_active must be true or false'],
    [{ price_display: 'x'.repeat(101) }, 'Price display must be at most 100 characters'],
    [{}, 'Send at least one field to change'],
    [{ plugin_slug: 'other' }, 'Unrecognized key'],
  ])('refuses %j with 400 and a message, changing nothing', async (payload, message) => {
    const before = await current();
    const response = await patch(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await current()).toEqual(before);
  });

  it('answers 404 for an unknown plugin and 400 for a body that is not an object', async () => {
    expect((await patch({ price: 100 }, 'no-such-plugin')).statusCode).toBe(404);
    const notJson = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/plugins/${SLUG}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses strangers', async () => {
    expect((await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, payload: { price: 1 } })).statusCode).toBe(401);
  });
});
