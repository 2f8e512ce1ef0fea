// The admin's order list (GET /api/admin/orders): filters, text search through the trigram indexes, and each order's
// licence key, coupon code and latest e-mail state. The orders table's other SQL is in orders.repository.ts.
import { sql } from 'kysely';
import { isPostgres } from '../../db/portable.js';
import { pageStart } from '../../db/page-counts.js';
import { ftsPhrase, TRIGRAM_MIN } from '../../db/substring-search.js';
import { licenseIdsWithKeyPart } from '../licenses/index.js';
import { MAX_ID } from '../../../common/ids.js';
import { ABANDONED_ORDER_AFTER_MS, type EmailStatus, type Order, type OrderStatus } from '../../../common/orders.js';
import type { Db } from '../../db/database.js';
import type { ListCursor } from '../../lib/list-cursor.js';
import type { TaxEvidenceStatus } from '../../../common/tax.js';

/** `value` for a LIKE pattern, with its wildcards taken literally (escape character: a backslash). */
const likeLiteral = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

export interface OrderListFilter {
  id?: number;
  /** See orderListQuerySchema's `search`. */
  search?: string;
  /** Pending orders older than ABANDONED_ORDER_AFTER_MS are left out unless this is set (or an id is asked for). */
  includeAbandoned?: boolean;
  /** Only the orders of one licence: the order that made it and its renewals and upgrades. */
  licenseId?: number;
  /** Only orders whose location evidence has this status (docs/tax.md). */
  evidence?: TaxEvidenceStatus;
  now?: Date;
}

/**
 * An order whose e-mail or licence key contains the text: through the trigram indexes from three characters
 * (0065-list-search for the e-mail, the licences' key index for the key), a plain LIKE of every row below that.
 */
function textMatches(db: Db, search: string, pattern: string) {
  const keyIds = licenseIdsWithKeyPart(db, search);
  if (search.length < TRIGRAM_MIN || !keyIds)
    return [
      sql<boolean>`lower(orders.email) like ${pattern} escape '\\'`,
      sql<boolean>`exists (select 1 from licenses where licenses.id = coalesce(orders.license_id, orders.target_license_id) and lower(licenses.key) like ${pattern} escape '\\')`,
    ];
  // One list of ids from a union: each part is answered from its own index (an OR across them was not, on PostgreSQL).
  const byEmail = isPostgres(db)
    ? sql`select id from orders where lower(email) like ${pattern} escape '\\'`
    : sql`select rowid from order_search where order_search match ${ftsPhrase(search)}`;
  return [
    sql<boolean>`orders.id in (${byEmail} union select id from orders where license_id in (${keyIds}) union select id from orders where target_license_id in (${keyIds}))`,
  ];
}

/**
 * The ids of a page by number of the whole list (no filter, abandoned checkouts left out), when it starts past the
 * orders of the last day: every order since `cutoff` is listed and comes first, so such a page is the orders before
 * it that are not pending, at the offset less that day's count, walked on 0085-orders-listed with nothing tested on
 * the way (a filter tested at each skipped order doubled the walk's time at 1,200,000 orders). The status is a literal:
 * a partial index serves only a condition the statement itself implies. Undefined for a page within the last day.
 */
async function deepPageIds(db: Db, page: { limit: number; offset: number }, cutoff: string) {
  const counts = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), sql<number | string>`count(*) filter (where status <> 'pending')`.as('listed')])
    .where('created_at', '>=', cutoff)
    .executeTakeFirstOrThrow();
  const recent = Number(counts.n);
  if (page.offset < recent) return undefined;
  const walk = db
    .selectFrom('orders')
    .select(['orders.id', 'orders.created_at'])
    .where(sql<boolean>`orders.status != 'pending'`)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.limit);
  // PostgreSQL, far from the start: the page's place among every listed order (the last day's first), found from the
  // orders counted per day (server/db/page-counts.ts); its rows are older than the cutoff since the last day's come first.
  const counted = await pageStart(db, 'order_page_counts', 'created_at', page.offset - recent + Number(counts.listed), true);
  if (counted)
    return (counted.bound ? walk.where(sql<boolean>`(orders.created_at, orders.id) < (${counted.bound.value}, ${counted.bound.id})`) : walk).offset(
      counted.skip,
    );
  return walk.where('orders.created_at', '<', cutoff).offset(page.offset - recent);
}

/** A page of the list: by its offset, or after or before a cursor (server/lib/list-cursor.ts; value: created_at). */
export interface OrderListPage {
  limit: number;
  offset: number;
  cursor?: ListCursor;
}

/**
 * Orders for the admin, newest first (ties by id), with their licence key, their coupon's code and the state of their
 * latest e-mail: the newest 500, or one page. The page's ids are chosen first from the orders alone (a derived table),
 * and only those 25 rows are joined: an offset then walks the orders' (created_at, id) index, not every skipped
 * order's joins (a deep page by number at 1,200,000 orders took 5.7 s that way, docs/big-shop.md). A page after a
 * cursor is `(created_at, id) < (…)` off that index (0079-list-keyset-indexes), as cheap at any depth; the page before
 * one is read oldest first. A page by number past the last day's orders walks 0085-orders-listed (deepPageIds).
 */
export async function listOrdersForAdmin(db: Db, filter: OrderListFilter = {}, page?: OrderListPage): Promise<Order[]> {
  const cursor = page?.cursor;
  const [order, beyond] = cursor?.side === 'before' ? [sql`asc`, sql`>`] : [sql`desc`, sql`<`];
  const cutoff = new Date((filter.now ?? new Date()).getTime() - ABANDONED_ORDER_AFTER_MS).toISOString();
  let ids = db
    .selectFrom('orders')
    .select(['orders.id', 'orders.created_at'])
    .orderBy(sql`orders.created_at ${order}`)
    .orderBy(sql`orders.id ${order}`);
  if (cursor) ids = ids.where(sql<boolean>`(orders.created_at, orders.id) ${beyond} (${cursor.value}, ${cursor.id})`);
  if (filter.licenseId !== undefined) ids = ids.where(sql<number>`coalesce(orders.license_id, orders.target_license_id)`, '=', filter.licenseId);
  if (filter.evidence !== undefined) ids = ids.where('orders.tax_evidence_status', '=', filter.evidence);
  if (filter.id !== undefined) ids = ids.where('orders.id', '=', filter.id);
  else if (!filter.includeAbandoned) ids = ids.where((eb) => eb.or([eb('orders.status', '!=', 'pending'), eb('orders.created_at', '>=', cutoff)]));
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${likeLiteral(search)}%`;
    // A number past the largest id is no order number (PostgreSQL would refuse it as an integer).
    const orderNumber = /^#?(\d{1,10})$/.exec(search)?.[1];
    const byNumber = orderNumber !== undefined && Number(orderNumber) <= MAX_ID ? Number(orderNumber) : undefined;
    // "#12" is order 12 alone; "12" is order 12 or any e-mail or key containing 12.
    ids = ids.where((eb) =>
      eb.or([
        ...(search.startsWith('#') && orderNumber !== undefined ? [] : textMatches(db, search, pattern)),
        ...(byNumber === undefined ? [] : [eb('orders.id', '=', byNumber)]),
      ]),
    );
  }
  ids = ids.limit(page?.limit ?? 500).offset(cursor ? 0 : (page?.offset ?? 0));
  const unfiltered = filter.id === undefined && filter.licenseId === undefined && filter.evidence === undefined && !search;
  if (page && !cursor && page.offset > 0 && unfiltered && !filter.includeAbandoned) ids = (await deepPageIds(db, page, cutoff)) ?? ids;
  const read = await db
    .selectFrom(ids.as('p'))
    .innerJoin('orders', 'orders.id', 'p.id')
    // The licence an order made, or the one a renewal or upgrade changed (0025-renewal-orders).
    .leftJoin('licenses', (join) => join.on(sql<boolean>`licenses.id = coalesce(orders.license_id, orders.target_license_id)`))
    .leftJoin('plugins', 'plugins.slug', 'orders.plugin_slug')
    .leftJoin('coupons', 'coupons.id', 'orders.coupon_id')
    .leftJoin('plugin_prices', 'plugin_prices.id', 'orders.price_id')
    .select([
      'orders.id',
      'orders.kind',
      'plugin_prices.name as tier_name',
      'plugin_prices.term as tier_term',
      'plugin_prices.sites as tier_sites',
      'orders.email',
      'orders.plugin_slug',
      'plugins.name as plugin_name',
      'orders.amount',
      'orders.currency',
      'orders.status',
      'orders.provider',
      'orders.created_at',
      'orders.paid_at',
      'orders.discount_amount',
      'coupons.code as coupon_code',
      'licenses.key as license_key',
      'orders.tax_evidence_status as tax_evidence',
      (eb) =>
        eb.selectFrom('emails').select('emails.status').whereRef('emails.order_id', '=', 'orders.id').orderBy('emails.id', 'desc').limit(1).as('email_status'),
    ])
    .orderBy(sql`p.created_at ${order}`)
    .orderBy(sql`p.id ${order}`)
    .execute();
  const rows = cursor?.side === 'before' ? read.reverse() : read;
  return rows.map(({ tier_name, tier_term, tier_sites, ...row }) => ({
    ...row,
    tier: tier_name !== null && tier_term !== null ? { name: tier_name, term: tier_term, sites: tier_sites } : null,
    plugin_name: row.plugin_name ?? row.plugin_slug,
    status: row.status as OrderStatus,
    license_key: row.license_key ?? null,
    coupon_code: row.coupon_code ?? null,
    email_status: (row.email_status ?? 'none') as EmailStatus | 'none',
    tax_evidence: row.tax_evidence as TaxEvidenceStatus | null,
  }));
}
