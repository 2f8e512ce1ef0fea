// Keyset pages of the Licences list (issue 44, docs/big-shop.md): walking every page by next_cursor, then back by
// prev_cursor, gives every licence once, in the order of the page-numbered list, for every sort either way, with
// ties (same time, same e-mail, no expiry) broken by id; with a search too. A cursor this list did not give is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import { planOf } from '../../test/query-plan.js';
import { listLicensesPage } from './license-list.repository.js';
import { LICENSE_SORTS, LICENSES_PAGE_SIZE, type License, type LicenseListPage } from '../../../common/licenses.js';

const PLUGIN = 'postcode-delivery-zones';
const COUNT = 2 * LICENSES_PAGE_SIZE + 5;

describe(`licence list keyset pages (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;

  const get = async (query: string): Promise<LicenseListPage> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/licenses?plugin_slug=${PLUGIN}${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const all = async (query: string): Promise<string[]> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/licenses?plugin_slug=${PLUGIN}${query}`, headers });
    return response.json<License[]>().map((license) => license.key);
  };

  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
    // Three creation times, three e-mails (one in four none), every third without expiry: many ties in every sort.
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      key: `8022-CURS-${String(i % 7).padStart(4, '0')}-0000-${String(i).padStart(4, '0')}`,
      plugin_slug: PLUGIN,
      plan: 'pro_yearly',
      status: 'active',
      max_activations: 3,
      expires_at: i % 3 === 0 ? null : `2027-0${1 + (i % 4)}-01T00:00:00.000Z`,
      customer_email: i % 4 === 0 ? null : `walker${i % 3}@cursor.example`,
      order_id: null,
      created_at: new Date(Date.UTC(2026, 0, 1, i % 3)).toISOString(),
      updated_at: '2026-01-02T00:00:00.000Z',
    }));
    await t.db.insertInto('licenses').values(rows).execute();
  });
  afterAll(async () => t.close());

  for (const sort of LICENSE_SORTS) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sort ${sort} ${direction}: next and previous by cursor skip and repeat nothing`, async () => {
        const order = `&sort=${sort}&direction=${direction}`;
        const expected = await all(order);
        expect(expected).toHaveLength(COUNT);
        const pages: LicenseListPage[] = [await get(`&page=1${order}`)];
        while (pages.length * LICENSES_PAGE_SIZE < COUNT) {
          const last = pages.at(-1)!;
          pages.push(await get(`&page=${last.page + 1}${order}&after=${last.next_cursor}`));
        }
        expect(pages.flatMap((page) => page.licenses.map((license) => license.key))).toEqual(expected);
        expect(pages.map((page) => page.total)).toEqual(pages.map(() => COUNT));
        // The same pages by number (offset) agree, and walking back from the last page by prev_cursor gives them again.
        for (const page of pages) expect((await get(`&page=${page.page}${order}`)).licenses).toEqual(page.licenses);
        for (let at = pages.length - 1; at > 0; at--) {
          const back = await get(`&page=${at}${order}&before=${pages[at]!.prev_cursor}`);
          expect(back.licenses).toEqual(pages[at - 1]!.licenses);
        }
        const end = await get(`&page=${pages.length + 1}${order}&after=${pages.at(-1)!.next_cursor}`);
        expect(end.licenses).toEqual([]);
      });
    }
  }

  it('a search pages by cursor too, counting every match', async () => {
    const expected = await all('&search=walker1');
    const first = await get(`&page=1&search=walker1`);
    const second = await get(`&page=2&search=walker1&after=${first.next_cursor}`);
    expect([...first.licenses, ...second.licenses].map((license) => license.key)).toEqual(expected);
    expect(second.total).toBe(expected.length);
  });

  it("reads the page after a cursor from the cursor on, off the sort's index (a range, not a walk from the start)", async () => {
    for (const sort of LICENSE_SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        const value = {
          created_at: '2026-01-01T01:00:00.000Z',
          expires_at: '2027-02-01T00:00:00.000Z',
          customer_email: 'walker1@cursor.example',
          key: '8022-CURS',
        }[sort];
        const cursor = { value, id: 9, side: 'after' as const };
        const plan = await planOf(t.db, (db) => listLicensesPage(db, { sort, direction, cursor }, { limit: LICENSES_PAGE_SIZE, offset: 0 }));
        // PostgreSQL prices a sort of a test's few rows below an ordered walk: the range on the index is what counts.
        if (testDialect() === 'postgres') expect(plan, `${sort} ${direction}`).toMatch(/Index Cond: .*(>|<)/);
        else expect(plan, `${sort} ${direction}`).not.toMatch(/SCAN licenses|TEMP B-TREE FOR ORDER BY/);
      }
    }
  });

  it('a cursor the list did not give, or both after and before, is a 400 that says what to send', async () => {
    for (const query of ['&page=2&after=not-a-cursor', `&page=2&before=${Buffer.from('["x"]').toString('base64url')}`, '&page=2&after=W10&before=W10']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/licenses?plugin_slug=${PLUGIN}${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/^(after|before) must be a cursor from a page of this list|^Give after or before, not both$/);
    }
  });
});
