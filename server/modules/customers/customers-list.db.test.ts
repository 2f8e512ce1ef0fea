import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { createAdminLicense, lemonSqueezyOrderPaid } from '../../test/shop-fixtures.js';
import { applyPaymentEvent } from '../orders/index.js';
import type { CustomerList } from '../../../common/customers.js';

const PLUGIN = 'postcode-delivery-zones';

describe(`customers list (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let eventCounter = 0;

  const pay = async (email: string, amount: number, currency = 'GBP') => {
    const ref = `ref-${++eventCounter}`;
    return { ref, orderId: await lemonSqueezyOrderPaid(t.ctx, ref, { email, pluginSlug: PLUGIN, amount, currency }) };
  };
  const refund = async (ref: string) =>
    expect(
      (await applyPaymentEvent(t.ctx, { kind: 'refunded', provider: 'lemonsqueezy', eventId: `evt-r-${ref}`, eventType: 'order_refunded', providerRef: ref }))
        .outcome,
    ).toBe('refunded');
  const list = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/customers${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CustomerList>();
  };
  const emails = (answer: CustomerList) => answer.customers.map((customer) => customer.email);

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
  });
  afterAll(async () => t.close());

  it('derives every buyer from orders and licences, one per address whatever its case', async () => {
    const first = await pay('Ann@Example.com', 4900);
    await pay('ann@example.COM', 2500);
    await pay('carl@example.com', 9900, 'USD');
    const refunded = await pay('dora@example.com', 1000);
    await refund(refunded.ref);
    // A hand-made licence with an address makes a customer without orders; one without an address makes none.
    await createAdminLicense(t, headers, { plugin_slug: PLUGIN, customer_email: 'Bob@Example.com' });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/licenses', headers, payload: { plugin_slug: PLUGIN } })).statusCode).toBe(201);
    // A pending order alone is no purchase.
    await t.db
      .insertInto('orders')
      .values({
        email: 'eve@example.com',
        plugin_slug: PLUGIN,
        amount: 4900,
        currency: 'GBP',
        status: 'pending',
        provider: 'test',
        provider_ref: 'pending-1',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();

    const answer = await list('?sort=email&direction=asc');
    expect(answer.total).toBe(4);
    expect(emails(answer)).toEqual(['ann@example.com', 'bob@example.com', 'carl@example.com', 'dora@example.com']);
    const ann = answer.customers[0];
    expect(ann).toMatchObject({ order_count: 2, license_count: 2, total_paid: 7400, currency: 'GBP', name: null });
    expect(ann?.first_purchase_at).toEqual(expect.any(String));
    expect(String(ann?.first_purchase_at) <= String(ann?.last_purchase_at)).toBe(true);
    expect(answer.customers[1]).toMatchObject({ order_count: 0, license_count: 1, total_paid: 0, currency: '', first_purchase_at: null });
    expect(answer.customers[2]).toMatchObject({ total_paid: 9900, currency: 'USD' });
    // Refunded: still a purchase and a licence, but nothing paid.
    expect(answer.customers[3]).toMatchObject({ order_count: 1, license_count: 1, total_paid: 0 });
    expect(first.orderId).toBeGreaterThan(0);
  });

  it('sorts by any column either way, empty values last, and pages on the server', async () => {
    expect(emails(await list('?sort=total_paid&direction=desc'))).toEqual(['carl@example.com', 'ann@example.com', 'bob@example.com', 'dora@example.com']);
    expect(emails(await list('?sort=total_paid&direction=asc'))).toEqual(['dora@example.com', 'bob@example.com', 'ann@example.com', 'carl@example.com']);
    expect(emails(await list('?sort=last_purchase_at&direction=desc')).at(-1)).toBe('bob@example.com');
    expect(emails(await list('?sort=last_purchase_at&direction=asc')).at(-1)).toBe('bob@example.com');
    const page2 = await list('?sort=email&direction=asc&per_page=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(emails(page2)).toEqual(['dora@example.com']);
  });

  it('searches by part of an e-mail, a licence key or an order number', async () => {
    expect(emails(await list('?search=CARL'))).toEqual(['carl@example.com']);
    const key = (await t.db.selectFrom('licenses').select('key').where('customer_email', '=', 'Bob@Example.com').executeTakeFirstOrThrow()).key;
    const part = key.slice(5, 14).toLowerCase();
    expect(emails(await list(`?search=${encodeURIComponent(part)}`))).toEqual(['bob@example.com']);
    const dora = await t.db.selectFrom('orders').select('id').where('email', '=', 'dora@example.com').executeTakeFirstOrThrow();
    expect(emails(await list(`?search=${encodeURIComponent(`#${dora.id}`)}`))).toContain('dora@example.com');
    expect((await list('?search=%25')).total).toBe(0); // wildcards are literal
    expect((await list('?search=nobody-here')).customers).toEqual([]);
  });

  it('answers malformed queries with a 400 naming the field', async () => {
    for (const query of ['?sort=password', '?direction=up', '?page=0', '?per_page=1000', '?page=abc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/customers${query}`, headers });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers' })).statusCode).toBe(401);
  });
});
