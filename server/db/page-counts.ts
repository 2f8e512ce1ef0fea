// Where a deep page by number starts, from the counts PostgreSQL keeps per bucket of a list's sort
// (server/db/migrations/0094-page-counts.ts, docs/big-shop.md "Deep pages by number"): the counts are summed in the
// list's order up to the bucket that holds the page's first row, and the page is then an offset inside that bucket,
// walked from its bound on the sort's index (a few thousand entries, not half a million). SQLite walks its indexes
// fast enough and keeps no such counts: there the lists keep their plain offsets.
import { sql } from 'kysely';
import { isPostgres } from './portable.js';
import type { Db } from './database.js';

/** A page starting nearer than this walks from the list's start: a walk of this many entries costs about a millisecond. */
export const COUNTED_FROM = 10_000;

/** The counts' tables (owners: the licences, orders and email modules) and the sorts each counts. */
export type PageCounts = 'license_page_counts' | 'order_page_counts' | 'email_page_counts';

export interface PageStart {
  /**
   * Ascending: the page is among the rows whose (sort value, id) is at or after this; descending: before it. None
   * (descending only): the page is in the list's first bucket, walked from the list's start.
   */
  bound?: { value: string; id: number };
  /** The rows to skip from the bound. */
  skip: number;
}

interface BucketRow {
  lo_value: string;
  lo_id: number | string;
  before: number | string;
  next_value: string | null;
  next_id: number | string | null;
}

/**
 * The start of the page at `offset` of a list in its kept counts' order, or undefined when the counts do not help:
 * on SQLite, a page near the start, or an offset past the list's end (the caller's plain offset answers all three).
 */
export async function pageStart(db: Db, counts: PageCounts, sort: string, offset: number, descending: boolean): Promise<PageStart | undefined> {
  if (!isPostgres(db) || offset < COUNTED_FROM) return undefined;
  const order = descending ? sql`desc` : sql`asc`;
  // `before`: the rows in the buckets ahead of this one; next_*: the bucket ahead (descending: the bound of the walk).
  const { rows } = await sql<BucketRow>`select lo_value, lo_id, before, next_value, next_id from (
      select lo_value, lo_id, n, sum(n) over w - n as before, lag(lo_value) over w as next_value, lag(lo_id) over w as next_id
      from ${sql.table(counts)} where sort = ${sort} and n > 0
      window w as (order by lo_value ${order}, lo_id ${order} rows between unbounded preceding and current row)) b
    where before <= ${offset} and before + n > ${offset}`.execute(db);
  const bucket = rows[0];
  if (!bucket) return undefined;
  const skip = offset - Number(bucket.before);
  if (!descending) return { bound: { value: bucket.lo_value, id: Number(bucket.lo_id) }, skip };
  return { bound: bucket.next_value === null ? undefined : { value: bucket.next_value, id: Number(bucket.next_id) }, skip };
}
