// The Customers list: one page of the customers table, searched and sorted, and how many match. The search reads
// `search_text` (address, name and licence keys, kept by customer-summary.repository.ts) in one pass, plus the
// address of an order when the text is an order number (a read of `orders`, docs/architecture.md read models).
import { sql, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/portable.js';
import { ftsPhrase, likeContaining, TRIGRAM_MIN } from '../../db/substring-search.js';
import { MAX_ID } from '../../../common/ids.js';
import type { CustomerSort } from '../../../common/customers.js';
import type { CustomerRow } from './customer-summary.repository.js';
import type { Db } from '../../db/database.js';
import type { CursorValueKind, ListCursor } from '../../lib/list-cursor.js';

export interface CustomerListFilter {
  search?: string;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
  /** A keyset cursor (server/lib/list-cursor.ts): the page after or before that customer, instead of an offset. */
  cursor?: ListCursor;
}

const NULLABLE_SORTS = new Set<CustomerSort>(['name', 'first_purchase_at', 'last_purchase_at']);
const NUMBER_SORTS = new Set<CustomerSort>(['order_count', 'license_count', 'total_paid']);

/** The list's cursors name the sort, and hold its value as the column does (read with it: a cursor of another sort is a 400). */
export const customerCursorList = (sort: CustomerSort): { name: string; kind: CursorValueKind } => ({
  name: `customers:${sort}`,
  kind: NULLABLE_SORTS.has(sort) ? 'nullable text' : NUMBER_SORTS.has(sort) ? 'number' : 'text',
});

type Filtered = ReturnType<typeof searched>;

/**
 * The ids of the page after or before a cursor, each part read off the sort's index (column, id) from the cursor on.
 * The list is the customers with a value in the sort's order, then (a nullable sort) those without one by id: the
 * page after a valued cursor may run on into the empty ones, the page before an empty one back into the valued.
 */
async function idsFromCursor(query: Filtered, filter: CustomerListFilter, cursor: ListCursor, limit: number): Promise<number[]> {
  const column = sql.ref(filter.sort);
  const forward = cursor.side === 'after';
  const ascending = (filter.direction === 'asc') === forward;
  const [order, beyond] = ascending ? [sql`asc`, sql`>`] : [sql`desc`, sql`<`];
  // The parts of the list from the cursor on, in the order read, each one index range (SQLite takes a row value
  // `(column, id) > (…)` as `column > …` alone, a walk through every tie): the cursor's ties after its id, the
  // values beyond its value, then (a nullable sort) the empty values; read backwards for the page before it.
  type Part = (q: Filtered) => Filtered;
  const ties: Part = (q) =>
    q
      .where(cursor.value === null ? sql<SqlBool>`${column} is null` : sql<SqlBool>`${column} = ${cursor.value}`)
      .where(sql<SqlBool>`id ${beyond} ${cursor.id}`)
      .orderBy(sql`id ${order}`);
  const valued =
    (from: boolean): Part =>
    (q) =>
      q
        .where(from ? sql<SqlBool>`${column} ${beyond} ${cursor.value}` : sql<SqlBool>`${column} is not null`)
        .orderBy(sql`${column} ${order}`)
        .$if(filter.sort !== 'email', (q) => q.orderBy(sql`id ${order}`));
  const empty: Part = (q) => q.where(sql<SqlBool>`${column} is null`).orderBy(sql`id ${order}`);
  const parts: Part[] =
    filter.sort === 'email' // unique: the address alone places the row (its unique index)
      ? [valued(true)]
      : !NULLABLE_SORTS.has(filter.sort)
        ? [ties, valued(true)]
        : cursor.value !== null
          ? forward
            ? [ties, valued(true), empty]
            : [ties, valued(true)]
          : forward
            ? [ties]
            : [ties, valued(false)];
  const ids: number[] = [];
  for (const part of parts) {
    if (ids.length >= limit) break;
    const rows = await part(query)
      .select('id')
      .limit(limit - ids.length)
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return forward ? ids : ids.reverse();
}

/** The address of the order the text names (`12` or `#12`), if any. */
async function orderEmail(db: Db, text: string): Promise<string | undefined> {
  const number = /^#?(\d{1,10})$/.exec(text)?.[1];
  if (number === undefined || Number(number) > MAX_ID) return undefined;
  const row = await db.selectFrom('orders').select('email').where('id', '=', Number(number)).executeTakeFirst();
  return row?.email.toLowerCase();
}

/** The customers the search matches (all without one). */
function searched(db: Db, text: string | undefined, byOrder: string | undefined) {
  const query = db.selectFrom('customers');
  if (!text) return query;
  // Three characters or more: the search text's trigram index (0065-list-search). Shorter: instr/strpos, a plain
  // substring test of every row (no LIKE pattern: cheaper per row on both databases).
  const contains =
    text.length >= TRIGRAM_MIN
      ? isPostgres(db)
        ? sql<boolean>`search_text like ${likeContaining(text)}`
        : sql<boolean>`id in (select rowid from customer_search where customer_search match ${ftsPhrase(text)})`
      : isPostgres(db)
        ? sql<boolean>`strpos(search_text, ${text}) > 0`
        : sql<boolean>`instr(search_text, ${text}) > 0`;
  return query.where((eb) => eb.or([contains, ...(byOrder ? [eb('email', '=', byOrder)] : [])]));
}

/**
 * One page of customers and how many match on all pages. Empty values sort last either way; ties by id. The page
 * is chosen on the sort index alone (ids), by its offset or from a cursor, then its rows are read, so a deep page
 * costs no wide rows.
 */
export async function listCustomersPage(
  db: Db,
  filter: CustomerListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const text = filter.search?.trim().toLowerCase();
  const byOrder = text ? await orderEmail(db, text) : undefined;
  const query = searched(db, text, byOrder);
  const direction = filter.direction === 'asc' ? sql`asc` : sql`desc`;
  const nulls = NULLABLE_SORTS.has(filter.sort) ? sql` nulls last` : sql``;
  // A search's numbered page counts its matches in the same pass (a window count); a search's from a cursor is a
  // count(*) of its matches.
  const windowCount = Boolean(text) && !filter.cursor;
  const ids = filter.cursor
    ? (await idsFromCursor(query, filter, filter.cursor, page.limit)).map((id) => ({ id, matches: 0 }))
    : await query
        .select(['id', windowCount ? sql<number | string>`count(*) over ()`.as('matches') : sql<number>`0`.as('matches')])
        .orderBy(sql`${sql.ref(filter.sort)} ${direction}${nulls}`)
        .orderBy(sql`id ${direction}`)
        .limit(page.limit)
        .offset(page.offset)
        .execute();
  // A search with no match on its first page has none at all; a page past the end still needs the count. The
  // whole list's total is the kept count (0084-customer-count), not a count of every customer.
  const total =
    windowCount && (ids[0] !== undefined || page.offset === 0)
      ? Number(ids[0]?.matches ?? 0)
      : text
        ? Number((await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)
        : await countCustomers(db);
  if (ids.length === 0) return { rows: [], total };
  const rows = await db
    .selectFrom('customers')
    .selectAll()
    .where(
      'id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.flatMap((row) => byId.get(row.id) ?? []), total };
}

/** How many customers there are: the kept count (0084-customer-count), one row. */
export async function countCustomers(db: Db): Promise<number> {
  const row = await db.selectFrom('customer_count').select('n').where('id', '=', 1).executeTakeFirst();
  return Number(row?.n ?? 0);
}
