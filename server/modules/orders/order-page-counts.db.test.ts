// Deep pages by number of the Orders list, newest first with abandoned checkouts left out (issue 44, docs/big-shop.md
// "Deep pages by number"; helpers: server/test/page-counts.ts): every page is the offset into the listed orders,
// before and after orders are paid, put back to pending, re-dated and deleted; on PostgreSQL the counts equal a recount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { at, byValueThenId, chunks, DAY, deepOffsets, expectCountsKept, PAGE_LIMIT, PAGED_ROWS, spread } from '../../test/page-counts.js';
import { ABANDONED_ORDER_AFTER_MS } from '../../../common/orders.js';
import { listOrdersForAdmin } from './order-list.repository.js';

const postgres = testDialect() === 'postgres';
const BASE = Date.UTC(2026, 0, 1);
const NOW = new Date(BASE + 40 * DAY);

describe(`orders list: deep pages by number (${testDialect()})`, () => {
  let t: TestApp;
  const cutoff = at(NOW.getTime() - ABANDONED_ORDER_AFTER_MS);
  const oracle = async () => {
    const rows = await t.db.selectFrom('orders').select(['id', 'created_at', 'status']).execute();
    return rows
      .filter((o) => o.status !== 'pending' || o.created_at >= cutoff)
      .map((o) => ({ id: o.id, v: o.created_at }))
      .sort(byValueThenId)
      .reverse();
  };
  const expectPages = async () => {
    const order = await oracle();
    for (const offset of deepOffsets(order)) {
      const page = await listOrdersForAdmin(t.db, { now: NOW }, { limit: PAGE_LIMIT, offset });
      expect(
        page.map((o) => o.id),
        `at ${offset}`,
      ).toEqual(order.slice(offset, offset + PAGE_LIMIT).map((o) => o.id));
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    const rows = Array.from({ length: PAGED_ROWS }, (_, i) => {
      // the first 300 within the last day (listed, pending or not); of the rest one in four pending (abandoned)
      const created = i < 300 ? NOW.getTime() - Math.floor(spread(i) * DAY * 0.9) : BASE + Math.floor(spread(i) * 38 * DAY);
      return {
        email: `buyer${i}@orders.example`,
        plugin_slug: 'postcode-delivery-zones',
        amount: 4900,
        currency: 'GBP',
        status: i % 4 === 0 ? 'pending' : i % 9 === 0 ? 'refunded' : 'paid',
        provider: 'test',
        provider_ref: `page-${i}`,
        created_at: at(created),
        updated_at: at(created),
      };
    });
    for (const part of chunks(rows)) await t.db.insertInto('orders').values(part).execute();
  });
  afterAll(async () => t.close());

  it('every deep page is the offset into the listed orders, before and after they are paid, reopened, re-dated and deleted', async () => {
    await expectPages();
    if (postgres) await expectCountsKept(t.db, 'order_page_counts');
    const orders = await t.db.selectFrom('orders').select(['id', 'status']).orderBy('id').execute();
    const ids = (keep: (o: { status: string }, i: number) => boolean) => orders.filter(keep).map((o) => o.id);
    await t.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where(
        'id',
        'in',
        ids((o, i) => o.status === 'pending' && i % 3 === 0),
      )
      .execute();
    await t.db
      .updateTable('orders')
      .set({ status: 'pending' })
      .where(
        'id',
        'in',
        ids((o, i) => o.status === 'paid' && i % 17 === 0),
      )
      .execute();
    await t.db
      .updateTable('orders')
      .set({ created_at: at(BASE + 2 * DAY) })
      .where(
        'id',
        'in',
        ids((_, i) => i % 23 === 0),
      )
      .execute();
    await t.db
      .deleteFrom('orders')
      .where(
        'id',
        'in',
        ids((_, i) => i % 29 === 0),
      )
      .execute();
    await expectPages();
    if (postgres) await expectCountsKept(t.db, 'order_page_counts');
  });
});
