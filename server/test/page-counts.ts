// Helpers of the deep-page tests (issue 44, docs/big-shop.md "Deep pages by number"), one per list in its module:
// server/modules/licenses/license-page-counts.db.test.ts, server/modules/orders/order-page-counts.db.test.ts,
// server/modules/email/outbox-page-counts.db.test.ts. Past COUNTED_FROM rows PostgreSQL places a page by number from
// the counts 0094-page-counts keeps per bucket of the sort (server/db/page-counts.ts), SQLite walks its index; on
// both, every page must be the rows an offset into the whole list in its order gives (the tests' oracle).
import { expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import * as pageCounts from '../db/migrations/0094-page-counts.js';
import { COUNTED_FROM, type PageCounts } from '../db/page-counts.js';
import type { Db } from '../db/database.js';

/** Rows enough for a page past COUNTED_FROM. */
export const PAGED_ROWS = COUNTED_FROM + 2_000;
export const PAGE_LIMIT = 50;
export const DAY = 86_400_000;

/** A repeatable spread of numbers in [0, 1). */
export const spread = (i: number) => ((i * 2654435761) % 4294967296) / 4294967296;
export const at = (ms: number) => new Date(ms).toISOString();
/** Rows in parts of 500 (an insert each: under both databases' limits on bound values). */
export const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => rows.slice(i * 500, i * 500 + 500));
export const byValueThenId = (a: { v: string; id: number }, b: { v: string; id: number }) => (a.v < b.v ? -1 : a.v > b.v ? 1 : a.id - b.id);

/** Offsets past COUNTED_FROM: round ones, the last rows, one past the end, and each side of a few days' first rows. */
export function deepOffsets(order: { v: string }[]): number[] {
  const firsts = order.flatMap((row, i) => (i >= COUNTED_FROM && row.v.slice(0, 10) !== order[i - 1]?.v.slice(0, 10) ? [i, i - 1] : [])).slice(0, 6);
  return [...new Set([COUNTED_FROM, COUNTED_FROM + 1, COUNTED_FROM + 977, order.length - 1, order.length - PAGE_LIMIT + 3, order.length, ...firsts])];
}

/** Counts them again from the rows (0094's down and up). */
export async function recountPages(db: Db): Promise<void> {
  await pageCounts.down(db as unknown as Kysely<unknown>);
  await pageCounts.up(db as unknown as Kysely<unknown>);
}

/**
 * PostgreSQL: the kept counts of the buckets computed from their rows (by date, by block of ids) equal a recount from
 * the rows, and hold more than one bucket. The text sorts' buckets, cut where the data fell, are checked by their test.
 */
export async function expectCountsKept(db: Db, counts: PageCounts): Promise<void> {
  const read = async () =>
    (
      await sql<{ row: string }>`select sort || ' ' || lo_value || ' ' || lo_id || ' ' || n as row from ${sql.table(counts)}
        where n <> 0 and sort not in ('customer_email', 'key') order by 1`.execute(db)
    ).rows.map((r) => r.row);
  const kept = await read();
  await recountPages(db);
  expect(kept).toEqual(await read());
  expect(kept.length).toBeGreaterThan(1);
}
