// The admin Licences list: sorted (newest first by default), filtered by plugin and searched on the server, a page at
// a time (GET /api/admin/licenses; bench/licenses-list.ts and bench/bigshop-pages.ts measure it, docs/big-shop.md).
//
// A search that looks like a whole key is first looked up on the key's unique index (`key in (...)`, with and without
// its dashes); only when no key matches does the search become a substring test of every licence's key (dashes
// ignored), customer e-mail and activated sites' URLs, answered by the substring indexes of 0064-substring-search
// (SQLite FTS5 trigram tables, PostgreSQL pg_trgm). A trigram needs three characters: a shorter search (or a key part
// shorter than that once its dashes are gone) is a plain scan of every row, as before those indexes.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { CUT_ROWS, cutPageBuckets } from '../../db/migrations/0094-page-counts.js';
import type { DB } from '../../db/schema.js';
import { isPostgres } from '../../db/portable.js';
import { pageStart } from '../../db/page-counts.js';
import { ftsPhrase, likeContaining, TRIGRAM_MIN } from '../../db/substring-search.js';
import type { LicenseSort } from '../../../common/licenses.js';
import type { LicenseRow } from './licenses.repository.js';
import type { Db } from '../../db/database.js';
import type { ListCursor } from '../../lib/list-cursor.js';

export interface LicenseListFilter {
  pluginSlug?: string;
  search?: string;
  sort?: LicenseSort;
  direction?: 'asc' | 'desc';
  /** A keyset cursor (server/lib/list-cursor.ts): the page after or before that row, instead of an offset. */
  cursor?: ListCursor;
}

/** The sort expressions, as indexed by 0064-substring-search (LICENSE_SORT_INDEXES): ties are broken by id. */
const SORT_EXPRESSIONS: Record<LicenseSort, string> = {
  created_at: 'licenses.created_at',
  expires_at: "coalesce(licenses.expires_at, '9999-12-31T23:59:59.999Z')",
  customer_email: "coalesce(licenses.customer_email, '')",
  key: 'licenses.key',
};

/** Shortest text tried on the key index: shorter texts are parts of keys, not keys. */
const WHOLE_KEY_MIN = 16;

/**
 * The stored spellings a search could be a whole key in: keys are stored upper case (canonicalKey in
 * license-access.service.ts), generated ones in dashed groups of four (common/license-key.ts), imported ones as given.
 */
export function wholeKeyCandidates(search: string): string[] {
  const text = search.trim().toUpperCase();
  if (text.length < WHOLE_KEY_MIN || text.length > 64 || !/^[A-Z0-9-]+$/.test(text)) return [];
  const bare = text.replace(/-/g, '');
  const grouped = bare.length % 4 === 0 ? (bare.match(/.{4}/g) ?? []).join('-') : bare;
  return [...new Set([text, bare, grouped])];
}

type Where = (eb: ExpressionBuilder<DB, 'licenses'>) => Expression<SqlBool>;

/** The substring test through the trigram indexes: the ids of the licences whose key, e-mail or a site contains it. */
function indexedMatch(db: Db, lower: string, bare: string): Where {
  if (isPostgres(db)) {
    const ids: RawBuilder<unknown> = sql`select id from licenses where lower(customer_email) like ${likeContaining(lower)}
      union select license_id from license_activations where lower(site_url) like ${likeContaining(lower)}
      ${bare ? sql`union select id from licenses where replace(key, '-', '') like ${likeContaining(bare)}` : sql``}`;
    return () => sql<SqlBool>`licenses.id in (${ids})`;
  }
  const licenseQuery = `email : ${ftsPhrase(lower)}${bare ? ` OR key_bare : ${ftsPhrase(bare)}` : ''}`;
  return () => sql<SqlBool>`licenses.id in (select rowid from license_search where license_search match ${licenseQuery}
    union select license_id from license_activations where id in (select rowid from license_site_search where license_site_search match ${ftsPhrase(lower)}))`;
}

/**
 * The ids of the licences whose key contains the text (dashes ignored, any case), as a subquery answered by the key's
 * trigram index; undefined when the text is too short for it (the Orders list's search, server/modules/orders).
 */
export function licenseIdsWithKeyPart(db: Db, text: string): RawBuilder<unknown> | undefined {
  const bare = text.toUpperCase().replace(/-/g, '');
  if (bare.length < TRIGRAM_MIN) return undefined;
  return isPostgres(db)
    ? sql`select id from licenses where replace(key, '-', '') like ${likeContaining(bare)}`
    : sql`select rowid from license_search where license_search match ${`key_bare : ${ftsPhrase(bare)}`}`;
}

/** A case-insensitive substring test of key (dashes ignored), customer e-mail and any activated site's URL. */
function substringMatch(db: Db, search: string): Where {
  const lower = search.toLowerCase();
  const bare = search.toUpperCase().replace(/-/g, '');
  if (lower.length >= TRIGRAM_MIN && (bare.length === 0 || bare.length >= TRIGRAM_MIN)) return indexedMatch(db, lower, bare);
  // instr/strpos: a plain substring test, no LIKE pattern to escape (as the customers list does).
  const contains = (haystack: ReturnType<typeof sql>, needle: string) =>
    isPostgres(db) ? sql<SqlBool>`strpos(${haystack}, ${needle}) > 0` : sql<SqlBool>`instr(${haystack}, ${needle}) > 0`;
  return (eb) =>
    eb.or([
      ...(bare ? [contains(sql`replace(licenses.key, '-', '')`, bare)] : []),
      contains(sql`lower(licenses.customer_email)`, lower),
      eb(
        'licenses.id',
        'in',
        eb
          .selectFrom('license_activations')
          .select('license_activations.license_id')
          .where(contains(sql`lower(license_activations.site_url)`, lower)),
      ),
    ]);
}

function filtered(db: Db, pluginSlug: string | undefined, match: Where | undefined) {
  let query = db.selectFrom('licenses');
  if (pluginSlug) query = query.where('licenses.plugin_slug', '=', pluginSlug);
  if (match) query = query.where(match);
  return query;
}

/** How many licences (of one plugin): the counts kept by 0067-license-counts' triggers, not a count of every row. */
async function countLicenses(db: Db, pluginSlug: string | undefined): Promise<number> {
  let query = db.selectFrom('license_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'));
  if (pluginSlug) query = query.where('plugin_slug', '=', pluginSlug);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export type LicenseListRow = LicenseRow & { activations_used: number | string; sort_value: string };

/**
 * One page (`limit`, `offset`; none: every match) of the matching licences in the filter's order, each with its
 * counted (non-local) activations, in one statement: the page's ids are chosen on the sort's index in a derived table,
 * and only those rows are read and have their activations counted (an index lookup each, on the activations'
 * (license_id, site_url) unique index). A search on a page counts its matches in the same pass (a window count);
 * otherwise the kept count (0067-license-counts) answers, or on a search's page past the end a count(*).
 */
async function pageOf(
  db: Db,
  filter: LicenseListFilter,
  match: Where | undefined,
  searching: boolean,
  page: { limit: number; offset: number } | undefined,
): Promise<{ rows: LicenseListRow[]; total: number }> {
  const pluginSlug = filter.pluginSlug || undefined;
  const cursor = filter.cursor;
  // A search's page counts its matches in a window, unless it starts at a cursor (that would count those after it).
  const windowCount = searching && page !== undefined && !cursor;
  const sort = filter.sort ?? 'created_at';
  const expression = sql.raw(SORT_EXPRESSIONS[sort]);
  // The page before a cursor is read in the reverse order (the rows nearest it first), then turned round.
  const ascending = (filter.direction === 'asc') !== (cursor?.side === 'before');
  const direction = ascending ? sql`asc` : sql`desc`;
  let ids = filtered(db, pluginSlug, match)
    .select([
      'licenses.id',
      sql<string>`${expression}`.as('sort_value'),
      windowCount ? sql<number | string>`count(*) over ()`.as('matches') : sql<number>`0`.as('matches'),
    ])
    .orderBy(sql`${expression} ${direction}`);
  if (cursor) {
    const [beyond, from] = ascending ? [sql`>`, sql`>=`] : [sql`<`, sql`<=`];
    // Keys are unique: the key alone places the row (its unique index); the other sorts' indexes end with the id.
    // SQLite reads a row value against an expression index as no range at all (a walk from the list's start):
    // the plain bound on the sort value is the range, the row value picks within its ties.
    ids = ids.where(
      sort === 'key'
        ? sql<SqlBool>`licenses.key ${beyond} ${cursor.value}`
        : sql<SqlBool>`${expression} ${from} ${cursor.value} and (${expression}, licenses.id) ${beyond} (${cursor.value}, ${cursor.id})`,
    );
  }
  // Keys are unique: no tie to break (and PostgreSQL walks the key's unique index for the order).
  if (sort !== 'key') ids = ids.orderBy(sql`licenses.id ${direction}`);
  // PostgreSQL, a deep page of every licence: from the bucket the kept counts place it in (server/db/page-counts.ts).
  const counted = page && !cursor && !match && !pluginSlug ? await pageStart(db, 'license_page_counts', sort, page.offset, !ascending) : undefined;
  if (counted?.bound) ids = ids.where(sql<SqlBool>`(${expression}, licenses.id) ${ascending ? sql`>=` : sql`<`} (${counted.bound.value}, ${counted.bound.id})`);
  if (page) ids = ids.limit(page.limit).offset(counted?.skip ?? page.offset);
  const read = await db
    .selectFrom(ids.as('p'))
    .innerJoin('licenses', 'licenses.id', 'p.id')
    .selectAll('licenses')
    .select((eb) => [
      'p.matches',
      'p.sort_value',
      eb
        .selectFrom('license_activations')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('license_activations.license_id', '=', 'licenses.id')
        .where('license_activations.is_local', '=', 0)
        .as('activations_used'),
    ])
    .orderBy(sql`p.sort_value ${direction}`)
    .orderBy(sql`p.id ${direction}`)
    .execute();
  const rows = cursor?.side === 'before' ? read.reverse() : read;
  const first = rows[0];
  const total = !page
    ? rows.length
    : windowCount && (first !== undefined || page.offset === 0)
      ? Number(first?.matches ?? 0)
      : match
        ? Number(
            (
              await filtered(db, pluginSlug, match)
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        : await countLicenses(db, pluginSlug);
  return {
    rows: rows.map(({ matches: _matches, activations_used, ...row }) => ({ ...row, activations_used: activations_used ?? 0 })),
    total,
  };
}

/**
 * One page of licences matching the filter, and how many match on all pages; without `page`, every match (the plain
 * array answer, in the same single statement: no list of ids is bound, which at 100,000 licences went past SQLite's
 * and PostgreSQL's limits on bound parameters).
 */
export async function listLicensesPage(
  db: Db,
  filter: LicenseListFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: LicenseListRow[]; total: number }> {
  const search = filter.search?.trim();
  if (!search) return pageOf(db, filter, undefined, false, page);
  const keys = wholeKeyCandidates(search);
  if (keys.length > 0) {
    const byKey = await pageOf(db, filter, (eb) => eb('licenses.key', 'in', keys), true, page);
    if (byKey.total > 0) return byKey;
  }
  return pageOf(db, filter, substringMatch(db, search), true, page);
}

/**
 * PostgreSQL: cuts again the buckets of the licence list's text sorts (e-mail, key) whose rows no longer fall evenly
 * (one holds four times what a cut leaves in it, `rows`), so a deep page by number walks a few thousand rows at most
 * (0094-page-counts, cutPageBuckets). Licence writes wait for the cut, about a second at 1,000,000 licences; the daily
 * upkeep (the retention run) calls it. Answers the sorts cut.
 */
export async function recutLicensePages(db: Db, rows = CUT_ROWS): Promise<string[]> {
  if (!isPostgres(db)) return [];
  const cut: string[] = [];
  for (const sort of ['customer_email', 'key'] as const) {
    const { rows: largest } = await sql<{ n: number | string | null }>`select max(n) as n from license_page_counts where sort = ${sort}`.execute(db);
    if (Number(largest[0]?.n ?? 0) <= 4 * rows) continue;
    await db.transaction().execute((trx) => cutPageBuckets(trx as unknown as Kysely<unknown>, 'licenses', sort, rows));
    cut.push(sort);
  }
  return cut;
}
