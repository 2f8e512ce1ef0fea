// The Customers list: one page of the customers table, searched and sorted, and how many match. The search reads
// `search_text` (address, name and licence keys, kept by customer-summary.repository.ts) in one pass, plus the
// address of an order when the text is an order number (a read of `orders`, docs/architecture.md read models).
import { sql } from 'kysely';
import { isPostgres } from '../../db/portable.js';
import { ftsPhrase, likeContaining, TRIGRAM_MIN } from '../../db/substring-search.js';
import { MAX_ID } from '../../../common/ids.js';
import type { CustomerSort } from '../../../common/customers.js';
import type { CustomerRow } from './customer-summary.repository.js';
import type { Db } from '../../db/database.js';

export interface CustomerListFilter {
  search?: string;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
}

const NULLABLE_SORTS = new Set<CustomerSort>(['name', 'first_purchase_at', 'last_purchase_at']);

/** The address of the order the text names (`12` or `#12`), if any. */
async function orderEmail(db: Db, text: string): Promise<string | undefined> {
  const number = /^#?(\d{1,10})$/.exec(text)?.[1];
  if (number === undefined || Number(number) > MAX_ID) return undefined;
  const row = await db.selectFrom('orders').select('email').where('id', '=', Number(number)).executeTakeFirst();
  return row?.email.toLowerCase();
}

/**
 * One page of customers and how many match on all pages. Empty values sort last either way; ties by id. The page
 * is chosen on the sort index alone (ids), then its rows are read, so a deep page costs no wide rows.
 */
export async function listCustomersPage(
  db: Db,
  filter: CustomerListFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const text = filter.search?.trim().toLowerCase();
  const byOrder = text ? await orderEmail(db, text) : undefined;
  let query = db.selectFrom('customers');
  if (text) {
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
    query = query.where((eb) => eb.or([contains, ...(byOrder ? [eb('email', '=', byOrder)] : [])]));
  }
  const direction = filter.direction === 'asc' ? sql`asc` : sql`desc`;
  const nulls = NULLABLE_SORTS.has(filter.sort) ? sql` nulls last` : sql``;
  // A search counts its matches in the same pass (a window count); the whole list's count is a cheap count(*).
  const ids = await query
    .select(['id', text ? sql<number | string>`count(*) over ()`.as('matches') : sql<number>`0`.as('matches')])
    .orderBy(sql`${sql.ref(filter.sort)} ${direction}${nulls}`)
    .orderBy(sql`id ${direction}`)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // A search with no match on its first page has none at all; a page past the end still needs the count.
  const total =
    text && (ids[0] !== undefined || page.offset === 0)
      ? Number(ids[0]?.matches ?? 0)
      : Number((await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
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
