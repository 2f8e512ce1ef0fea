// Deep pages by number of the Licences list in each sort, either way (issue 44, docs/big-shop.md "Deep pages by
// number"; helpers and what they check: server/test/page-counts.ts): every page is the offset into the whole list,
// before and after the text sorts' buckets are cut again, and after licences are made, renewed, made lifetime, given an
// expiry, re-dated, given another buyer or key, and deleted. On PostgreSQL the counts equal a recount (the text sorts':
// the rows between each bucket's start and the next), and a wrong count shows in a page (the counted path is taken).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { at, byValueThenId, chunks, DAY, deepOffsets, expectCountsKept, PAGE_LIMIT, PAGED_ROWS, recountPages, spread } from '../../test/page-counts.js';
import { COUNTED_FROM } from '../../db/page-counts.js';
import { NEVER_EXPIRES } from '../../db/migrations/0094-page-counts.js';
import { listLicensesPage, recutLicensePages } from './license-list.repository.js';
import { LICENSE_SORTS, type LicenseSort } from '../../../common/licenses.js';

const postgres = testDialect() === 'postgres';
const BASE = Date.UTC(2026, 0, 1);

describe(`licence list: deep pages by number (${testDialect()})`, () => {
  let t: TestApp;
  const licences = async () => t.db.selectFrom('licenses').select(['id', 'created_at', 'expires_at', 'customer_email', 'key']).execute();
  const valueOf: Record<LicenseSort, (l: Awaited<ReturnType<typeof licences>>[number]) => string> = {
    created_at: (l) => l.created_at,
    expires_at: (l) => l.expires_at ?? NEVER_EXPIRES,
    customer_email: (l) => l.customer_email ?? '',
    key: (l) => l.key,
  };
  const oracle = async (sort: LicenseSort, direction: 'asc' | 'desc') => {
    const rows = (await licences()).map((l) => ({ id: l.id, v: valueOf[sort](l) }));
    rows.sort(byValueThenId);
    return direction === 'asc' ? rows : rows.reverse();
  };
  /** PostgreSQL: each bucket of a text sort counts the rows from its start to the next one's. */
  const expectTextBucketsCounted = async () => {
    for (const sort of ['customer_email', 'key'] as const) {
      const order = await oracle(sort, 'asc');
      const { rows } = await sql<{ lo_value: string; lo_id: string; n: string }>`select lo_value, lo_id, n from license_page_counts
        where sort = ${sort} order by lo_value, lo_id`.execute(t.db);
      const starts = rows.map((b) => ({ v: b.lo_value, id: Number(b.lo_id) }));
      const counted = starts.map((start, i) => {
        const next = starts[i + 1];
        return order.filter((row) => byValueThenId(row, start) >= 0 && (!next || byValueThenId(row, next) < 0)).length;
      });
      expect(
        rows.map((b) => Number(b.n)),
        sort,
      ).toEqual(counted);
    }
  };
  const expectPages = async () => {
    for (const sort of LICENSE_SORTS)
      for (const direction of ['asc', 'desc'] as const) {
        const order = await oracle(sort, direction);
        for (const offset of deepOffsets(order)) {
          const page = await listLicensesPage(t.db, { sort, direction }, { limit: PAGE_LIMIT, offset });
          expect(
            page.rows.map((row) => row.id),
            `${sort} ${direction} at ${offset}`,
          ).toEqual(order.slice(offset, offset + PAGE_LIMIT).map((row) => row.id));
          expect(page.total).toBe(order.length);
        }
      }
  };
  const row = (id: number) => ({
    key: `8022-PAGE-${String(id).padStart(9, '0')}`,
    plugin_slug: 'postcode-delivery-zones',
    plan: 'pro_yearly',
    status: 'active',
    max_activations: 3,
    // a third never expire, one in 97 expires exactly when "never" does; some share an expiry or a creation time
    expires_at: id % 3 === 0 ? null : id % 97 === 0 ? NEVER_EXPIRES : at(BASE + 300 * DAY + Math.floor(spread(id) * 60) * (id % 7 === 0 ? DAY : 3_600_000)),
    customer_email: `buyer${id}@pages.example`,
    order_id: null,
    created_at: at(BASE + (id % 11 === 0 ? 5 * DAY : Math.floor(spread(id + 1) * 30 * DAY))),
    updated_at: at(BASE),
  });

  beforeAll(async () => {
    t = await createTestApp();
    // ids 3, 6, 9, …: the licences that never expire reach past 16,384 (PostgreSQL counts them per block of ids)
    const rows = Array.from({ length: PAGED_ROWS }, (_, i) => ({ id: 3 * (i + 1), ...row(3 * (i + 1)) }));
    for (const part of chunks(rows)) await t.db.insertInto('licenses').values(part).execute();
    if (postgres) await sql`select setval(pg_get_serial_sequence('licenses', 'id'), (select max(id) from licenses))`.execute(t.db);
  });
  afterAll(async () => t.close());

  it('every deep page is the offset into the whole list', async () => {
    await expectPages();
    if (postgres) await expectCountsKept(t.db, 'license_page_counts');
  });

  it('the upkeep cuts the text sorts again when one bucket holds too many, and the pages stay the same', async () => {
    // PostgreSQL: the shop was empty when 0094 ran, so every licence fell in each text sort's first bucket
    expect(await recutLicensePages(t.db, 2_000)).toEqual(postgres ? ['customer_email', 'key'] : []);
    expect(await recutLicensePages(t.db, 2_000)).toEqual([]);
    if (postgres) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from license_page_counts where sort = 'key'`.execute(t.db);
      expect(Number(rows[0]?.n)).toBe(Math.ceil(PAGED_ROWS / 2_000));
      await expectTextBucketsCounted();
    }
    await expectPages();
  });

  it('stays so as licences are made, renewed, made lifetime, given an expiry, re-dated and deleted', async () => {
    const ids = (await licences()).map((l) => l.id);
    const pick = (from: number, every: number) => ids.filter((_, i) => i % every === from);
    await t.db
      .updateTable('licenses')
      .set({ expires_at: at(BASE + 700 * DAY) })
      .where('id', 'in', pick(1, 40))
      .execute();
    await t.db.updateTable('licenses').set({ expires_at: null }).where('id', 'in', pick(2, 50)).execute();
    await t.db
      .updateTable('licenses')
      .set({ created_at: at(BASE + 33 * DAY) })
      .where('id', 'in', pick(3, 60))
      .execute();
    await t.db.deleteFrom('licenses').where('id', 'in', pick(4, 30)).execute();
    await t.db.updateTable('licenses').set({ customer_email: 'aaron@pages.example' }).where('id', 'in', pick(5, 70)).execute();
    await t.db.updateTable('licenses').set({ customer_email: null }).where('id', 'in', pick(6, 80)).execute();
    await t.db
      .updateTable('licenses')
      .set({ key: sql`'8022-ZZZZ-' || id` })
      .where('id', 'in', pick(7, 90))
      .execute();
    const more = Array.from({ length: 300 }, (_, i) => ({ ...row(60_000 + 3 * i), key: `8022-MORE-${String(i).padStart(9, '0')}` }));
    await t.db.insertInto('licenses').values(more).execute();
    await expectPages();
    if (postgres) {
      await expectTextBucketsCounted();
      await expectCountsKept(t.db, 'license_page_counts');
    }
  });

  it.runIf(postgres)('takes the counted path on PostgreSQL: a wrong count shows in a page', async () => {
    const order = await oracle('created_at', 'asc');
    await sql`update license_page_counts set n = n + 1
      where sort = 'created_at' and lo_value = (select min(lo_value) from license_page_counts where sort = 'created_at')`.execute(t.db);
    try {
      const page = await listLicensesPage(t.db, { sort: 'created_at', direction: 'asc' }, { limit: PAGE_LIMIT, offset: COUNTED_FROM });
      expect(page.rows.map((r) => r.id)).not.toEqual(order.slice(COUNTED_FROM, COUNTED_FROM + PAGE_LIMIT).map((r) => r.id));
    } finally {
      await recountPages(t.db);
    }
  });
});
