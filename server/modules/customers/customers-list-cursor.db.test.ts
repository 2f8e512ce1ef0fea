// Keyset pages of the Customers list (issue 44, docs/big-shop.md): walking by next_cursor and back by prev_cursor
// gives every customer once, in the order of the numbered pages, for every sort either way, with ties (same count,
// same name, same time) broken by id and the empty values last either way; with a search too. Each cursor's read is
// off its sort's index (its plan), and a cursor of another list or sort is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SORTS, type CustomerList } from '../../../common/customers.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { expectCursorRefused, expectKeysetWalk } from '../../test/keyset-walk.js';
import { planOf } from '../../test/query-plan.js';
import { writeListCursor } from '../../lib/list-cursor.js';
import { customerCursorList, listCustomersPage } from './customer-list.repository.js';

const COUNT = 23;
const PER_PAGE = 5;

describe(`customers list keyset pages (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const list = async (query: string): Promise<CustomerList> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/customers?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    const at = '2026-01-02T00:00:00.000Z';
    // Three names (one in four none), three purchase times (one in five none), counts and totals in few values: ties in every sort.
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      email: `walker${String(i).padStart(2, '0')}@cursor.example`,
      name: i % 4 === 0 ? null : `Walker ${i % 3}`,
      first_purchase_at: i % 5 === 0 ? null : new Date(Date.UTC(2025, 0, 1 + (i % 3))).toISOString(),
      last_purchase_at: i % 5 === 1 ? null : new Date(Date.UTC(2026, 0, 1 + (i % 2))).toISOString(),
      order_count: i % 3,
      license_count: i % 4,
      total_paid: (i % 2) * 4900,
      currencies: 'GBP',
      search_text: `walker${i}@cursor.example walker ${i % 3}`,
      created_at: at,
      updated_at: at,
    }));
    // Inserted out of address order, so the ids do not follow the addresses.
    await t.db.insertInto('customers').values(rows.reverse()).execute();
  });
  afterAll(async () => t.close());

  for (const sort of CUSTOMER_SORTS) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sort ${sort} ${direction}: next and previous by cursor skip and repeat nothing`, async () => {
        const order = `&sort=${sort}&direction=${direction}`;
        const all = await list(`per_page=100${order}`);
        expect(all.customers).toHaveLength(COUNT);
        await expectKeysetWalk(all.customers, PER_PAGE, async (page, cursor) => {
          const answer = await list(`page=${page}&per_page=${PER_PAGE}${order}${cursor}`);
          expect(answer.total).toBe(COUNT);
          return { ...answer, items: answer.customers };
        });
      });
    }
  }

  it('a search pages by cursor too, counting every match', async () => {
    const all = await list('per_page=100&search=walker 1&sort=name&direction=asc');
    expect(all.customers.length).toBeGreaterThan(PER_PAGE);
    await expectKeysetWalk(all.customers, PER_PAGE, async (page, cursor) => {
      const answer = await list(`page=${page}&per_page=${PER_PAGE}&search=walker 1&sort=name&direction=asc${cursor}`);
      expect(answer.total).toBe(all.total);
      return { ...answer, items: answer.customers };
    });
  });

  it("reads the page after a cursor off the sort's index, not a sort of every customer", async () => {
    for (const sort of CUSTOMER_SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        const value = sort === 'email' ? 'walker10@cursor.example' : ['order_count', 'license_count', 'total_paid'].includes(sort) ? 1 : 'Walker 1';
        const cursor = { value, id: 5, side: 'after' as const };
        const plan = await planOf(t.db, (db) => listCustomersPage(db, { sort, direction, cursor }, { limit: PER_PAGE, offset: 0 }));
        expect(plan, `${sort} ${direction}`).toMatch(sort === 'email' ? /customers_email|sqlite_autoindex_customers/ : new RegExp(`customers_${sort}`));
        expect(plan, `${sort} ${direction}`).not.toMatch(/TEMP B-TREE|Sort Key/);
      }
    }
  });

  it('a cursor of another list or sort is a 400', async () => {
    const ofName = writeListCursor('Walker 1', 3, customerCursorList('name').name);
    const outbox = writeListCursor(3, 3, 'outbox');
    await expectCursorRefused(t.app, headers, '/api/admin/customers?page=2&sort=order_count', [ofName, outbox]);
    // The name's cursor on the name sort is taken.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/customers?page=2&sort=name&after=${ofName}`, headers })).statusCode).toBe(200);
  });
});
