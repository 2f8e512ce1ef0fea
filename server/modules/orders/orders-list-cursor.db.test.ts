// Keyset pages of the Orders list (issue 44, docs/big-shop.md): with `page` the list answers one page and its
// cursors; walking by next_cursor and back by prev_cursor gives every order once, newest first with ties (same
// time) broken by id, as the numbered pages and the plain list do, with filters and a search too. The page after a
// cursor is read off the (created_at, id) index (its plan); a cursor of another list is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderListPage } from '../../../common/orders.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { expectCursorRefused, expectKeysetWalk } from '../../test/keyset-walk.js';
import { planOf } from '../../test/query-plan.js';
import { listOrdersForAdmin } from './order-list.repository.js';

const PLUGIN = 'postcode-delivery-zones';
const COUNT = 22;
const PER_PAGE = 4;

describe(`orders list keyset pages (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const get = async <T>(query: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    // Four creation times (ties), one in five a pending checkout from last year (abandoned: left out by default).
    const rows = Array.from({ length: COUNT }, (_, i) => {
      const abandoned = i % 5 === 0;
      const at = abandoned ? '2025-01-01T00:00:00.000Z' : new Date(Date.UTC(2026, 0, 1 + (i % 4))).toISOString();
      return {
        email: `walker${i % 3}@orders.example`,
        plugin_slug: PLUGIN,
        amount: 4900,
        currency: 'GBP',
        status: abandoned ? 'pending' : 'paid',
        provider: 'test',
        provider_ref: `cursor-${i}`,
        created_at: at,
        updated_at: at,
      };
    });
    await t.db.insertInto('orders').values(rows).execute();
  });
  afterAll(async () => t.close());

  for (const filter of ['', '&include_abandoned=true', '&search=walker1']) {
    it(`pages by cursor either way${filter ? ` (${filter.slice(1)})` : ''}`, async () => {
      const all = await get<Order[]>(filter.slice(1));
      expect(all.length).toBeGreaterThan(PER_PAGE);
      await expectKeysetWalk(all, PER_PAGE, async (page, cursor) => {
        const answer = await get<OrderListPage>(`page=${page}&per_page=${PER_PAGE}${filter}${cursor}`);
        return { ...answer, items: answer.orders };
      });
    });
  }

  it('reads the page after a cursor off the (created_at, id) index, not a sort of every order', async () => {
    for (const side of ['after', 'before'] as const) {
      const cursor = { value: '2026-01-02T00:00:00.000Z', id: 6, side };
      const plan = await planOf(t.db, (db) => listOrdersForAdmin(db, { includeAbandoned: true }, { limit: PER_PAGE, offset: 0, cursor }));
      expect(plan, side).toMatch(testDialect() === 'postgres' ? /orders_created_at_id/ : /orders_created_at/);
      expect(plan, side).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort Key: (orders\.)?created_at/);
    }
  });

  it("answers every page by number as the list cut in pages, past the last day's orders and within them", async () => {
    // Orders of the last hour, one pending (listed: not yet abandoned), before the numbered pages are compared.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const recent = ['pending', 'paid', 'paid'].map((status, i) => ({
      email: `recent${i}@orders.example`,
      plugin_slug: PLUGIN,
      amount: 4900,
      currency: 'GBP',
      status,
      provider: 'test',
      provider_ref: `recent-${i}`,
      created_at: hourAgo,
      updated_at: hourAgo,
    }));
    const inserted = await t.db.insertInto('orders').values(recent).returning('id').execute();
    try {
      for (const perPage of [2, PER_PAGE]) {
        const all = await get<Order[]>('');
        expect(all.map((order) => order.email)).toContain('recent0@orders.example');
        const pages = Math.ceil(all.length / perPage) + 1;
        for (let number = 1; number <= pages; number++) {
          const answer = await get<OrderListPage>(`page=${number}&per_page=${perPage}`);
          expect(
            answer.orders.map((order) => order.id),
            `page ${number} of ${perPage}`,
          ).toEqual(all.slice((number - 1) * perPage, number * perPage).map((order) => order.id));
        }
      }
      // A page past the last day's orders walks 0085-orders-listed: on SQLite in the index alone.
      const plan = await planOf(t.db, (db) => listOrdersForAdmin(db, {}, { limit: PER_PAGE, offset: 2 * PER_PAGE }), 1);
      expect(plan).toMatch(testDialect() === 'postgres' ? /orders_listed/ : /COVERING INDEX orders_listed/);
    } finally {
      await t.db
        .deleteFrom('orders')
        .where(
          'id',
          'in',
          inserted.map((row) => row.id),
        )
        .execute();
    }
  });

  it('a cursor of another list is a 400', async () => {
    const customers = Buffer.from(JSON.stringify(['2026-01-01', 1, 'customers:name'])).toString('base64url');
    await expectCursorRefused(t.app, headers, '/api/admin/orders?page=2', [customers]);
  });
});
