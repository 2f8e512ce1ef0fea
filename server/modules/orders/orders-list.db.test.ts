import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../common/orders.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';

// The admin's Orders list: plugin names, search by order number / e-mail / licence key, and abandoned
// checkouts (pending for more than a day) left out unless asked for, though kept in the database.
describe(`admin orders list (${testDialect()})`, () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    const order = async (name: string, email: string, status: string, createdAt: string, pluginSlug = 'ucre') => {
      const row = await t.db
        .insertInto('orders')
        .values({
          email,
          plugin_slug: pluginSlug,
          amount: 4900,
          currency: 'GBP',
          status,
          provider: 'test',
          provider_ref: `ref_${name}`,
          client_secret_hash: null,
          origin: null,
          license_id: null,
          created_at: createdAt,
          paid_at: status === 'paid' ? createdAt : null,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = row.id;
      return row.id;
    };
    const paid = await order('paid', 'Alice@Example.com', 'paid', hoursAgo(48));
    const license = await t.db
      .insertInto('licenses')
      .values({
        key: 'ABCD-EFGH-IJKL-MNOP',
        plugin_slug: 'ucre',
        plan: 'lifetime',
        status: 'active',
        max_activations: 3,
        expires_at: null,
        customer_email: 'alice@example.com',
        order_id: paid,
        created_at: hoursAgo(48),
        updated_at: hoursAgo(48),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('orders').set({ license_id: license.id }).where('id', '=', paid).execute();
    await order('fresh-pending', 'bob@example.com', 'pending', hoursAgo(2));
    await order('abandoned', 'carol@example.com', 'pending', hoursAgo(25));
    await order('old-refund', 'dave_100%@example.com', 'refunded', hoursAgo(72));
    await order('gone-plugin', 'erin@example.com', 'paid', hoursAgo(1), 'a-deleted-plugin');
  });
  afterAll(async () => t.close());

  const list = async (query = ''): Promise<Order[]> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/orders${query}`, headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const names = (orders: Order[]) => orders.map((order) => Object.keys(ids).find((name) => ids[name] === order.id)).sort();

  it('names the plugin, falling back to the slug of a plugin that is gone', async () => {
    const orders = await list();
    expect(orders.find((order) => order.id === ids.paid)?.plugin_name).toBe('8022 Licensing');
    expect(orders.find((order) => order.id === ids['gone-plugin'])?.plugin_name).toBe('a-deleted-plugin');
  });

  it('leaves out pending orders older than a day, keeps them in the database and lists them on request', async () => {
    expect(names(await list())).toEqual(['fresh-pending', 'gone-plugin', 'old-refund', 'paid']);
    expect(names(await list('?include_abandoned=true'))).toEqual(['abandoned', 'fresh-pending', 'gone-plugin', 'old-refund', 'paid']);
    expect(await t.db.selectFrom('orders').select('id').where('id', '=', ids.abandoned!).executeTakeFirst()).toBeDefined();
  });

  it('finds an order by number, e-mail or licence key, in any case', async () => {
    // "#N" is that order alone; a bare number also finds e-mails and keys containing it.
    expect(names(await list(`?search=${encodeURIComponent(`#${ids['old-refund']}`)}`))).toEqual(['old-refund']);
    expect(names(await list(`?search=${ids.paid}`))).toContain('paid');
    expect(names(await list('?search=ALICE@example'))).toEqual(['paid']);
    expect(names(await list('?search=efgh-ijkl'))).toEqual(['paid']);
    expect(names(await list('?search=carol&include_abandoned=true'))).toEqual(['abandoned']);
    expect(names(await list('?search=nobody'))).toEqual([]);
  });

  it('searches a number past the largest id as text only (PostgreSQL answered 500)', async () => {
    for (const search of ['2147483648', '#2147483648', '99999999999999']) expect(names(await list(`?search=${encodeURIComponent(search)}`))).toEqual([]);
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect(names(await list('?search=_'))).toEqual(['old-refund']);
    expect(names(await list(`?search=${encodeURIComponent('100%')}`))).toEqual(['old-refund']);
    expect(names(await list(`?search=${encodeURIComponent('%')}`))).toEqual(['old-refund']);
  });

  it('refuses a malformed filter with a 400 that names it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/orders?include_abandoned=yes', headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('include_abandoned');
  });
});
