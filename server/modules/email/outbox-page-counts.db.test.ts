// Deep pages by number of the Outbox, newest first (issue 44, docs/big-shop.md "Deep pages by number"; helpers:
// server/test/page-counts.ts): every page is the offset into every message, before and after some are deleted and
// more sent; on PostgreSQL the counts (per block of ids) equal a recount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { at, chunks, deepOffsets, expectCountsKept, PAGE_LIMIT, PAGED_ROWS } from '../../test/page-counts.js';
import { listOutboxPage } from './outbox.repository.js';

const postgres = testDialect() === 'postgres';

describe(`outbox: deep pages by number (${testDialect()})`, () => {
  let t: TestApp;
  const expectPages = async () => {
    const order = (await t.db.selectFrom('emails').select('id').orderBy('id', 'desc').execute()).map((e) => e.id);
    for (const offset of deepOffsets(order.map(() => ({ v: '' })))) {
      const page = await listOutboxPage(t.db, {}, { limit: PAGE_LIMIT, offset });
      expect(
        page.rows.map((e) => e.id),
        `at ${offset}`,
      ).toEqual(order.slice(offset, offset + PAGE_LIMIT));
      expect(page.total).toBe(order.length);
    }
  };
  const email = (n: number) => ({
    to_address: `r${n}@outbox.example`,
    kind: 'licence',
    order_id: null,
    dedupe_key: null,
    subject: `S${n}`,
    text: `body ${n}`,
    html: `<p>body ${n}</p>`,
    status: 'sent',
    attempts: 1,
    last_error: null,
    created_at: at(Date.UTC(2026, 0, 1)),
    updated_at: at(Date.UTC(2026, 0, 1)),
    sent_at: null,
  });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('every deep page is the offset into every message, before and after some are deleted and more sent', async () => {
    for (const part of chunks(Array.from({ length: PAGED_ROWS }, (_, n) => email(n)))) await t.db.insertInto('emails').values(part).execute();
    await expectPages();
    const ids = (await t.db.selectFrom('emails').select('id').execute()).map((e) => e.id);
    await t.db
      .deleteFrom('emails')
      .where(
        'id',
        'in',
        ids.filter((id) => id % 7 === 0),
      )
      .execute();
    await t.db
      .insertInto('emails')
      .values([email(PAGED_ROWS), email(PAGED_ROWS + 1)])
      .execute();
    await expectPages();
    if (postgres) await expectCountsKept(t.db, 'email_page_counts');
  });
});
