import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// PostgreSQL: a deep page by number found from kept counts, not by walking every row before it (issue 44,
// docs/big-shop.md "Deep pages by number"). An offset in the middle of a million rows walked half a million index
// entries (60–70 ms on PostgreSQL at 1,000,000 licences; SQLite's walk is three times faster and meets the bar, so
// this is PostgreSQL only). These tables count the rows of each list per bucket of its sort: the licences per day
// of their creation and of their expiry, the listed orders (not pending, 0085-orders-listed) per day, the Outbox's
// messages per block of ids. A bucket is named by the smallest (sort value, id) it can hold, `lo_value` and `lo_id`,
// so "the rows in this bucket and after it" is `(value, id) >= (lo_value, lo_id)` on the sort's own index: a page
// by number sums the counts to find its bucket, then walks only inside it (server/db/page-counts.ts). A bucket is a
// function of its row alone (a day is a prefix of an ISO-8601 time), so a count never moves but with its row. The
// licences that never expire share one sort value (their ties are ordered by id) and are counted per block of ids.
// Kept by triggers in the same transaction as the rows' insert, delete or change of sort value, whoever makes it:
// once a statement for inserts and deletes (an import of a million rows), once a row for the rare update of a sort
// value. Owners: the licences module (license_page_counts), the orders module (order_page_counts), the email module
// (email_page_counts).
export const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';
const BLOCK = 16384;

interface Sort {
  name: string;
  /** The bucket's (lo_value, lo_id) of row `r`: computed from the row, or (`cut`) the bucket its sort value falls in. */
  bucket?: (r: string) => [string, string];
  /** A text sort's value of row `r`, whose buckets are cut where the data fall (cutPageBuckets). */
  cut?: (r: string) => string;
  /** Which rows are counted (all when absent). */
  counted?: (r: string) => string;
}

interface Source {
  table: string;
  counts: string;
  sorts: Sort[];
  /** The columns whose update moves a row between buckets (or in or out of the list). */
  updateOf: string[];
}

const day = (column: string) => `left(${column}, 10)`;
/** The list sorts a licence that never expires as NEVER_EXPIRES (license-list.repository.ts), ties by id. */
const never = (r: string) => `coalesce(${r}.expires_at, '${NEVER_EXPIRES}') = '${NEVER_EXPIRES}'`;
export const SOURCES: Source[] = [
  {
    table: 'licenses',
    counts: 'license_page_counts',
    updateOf: ['created_at', 'expires_at', 'customer_email', 'key'],
    sorts: [
      { name: 'created_at', bucket: (r) => [day(`${r}.created_at`), '0'] },
      {
        name: 'expires_at',
        bucket: (r) => [
          `case when ${never(r)} then '${NEVER_EXPIRES}' else ${day(`${r}.expires_at`)} end`,
          `case when ${never(r)} then (${r}.id / ${BLOCK}) * ${BLOCK} else 0 end`,
        ],
      },
      // the text sorts (license-list.repository.ts SORT_EXPRESSIONS; a key is unique, its id never decides)
      { name: 'customer_email', cut: (r) => `coalesce(${r}.customer_email, '')` },
      { name: 'key', cut: (r) => `${r}.key` },
    ],
  },
  {
    table: 'orders',
    counts: 'order_page_counts',
    updateOf: ['created_at', 'status'],
    sorts: [{ name: 'created_at', bucket: (r) => [day(`${r}.created_at`), '0'], counted: (r) => `${r}.status <> 'pending'` }],
  },
  { table: 'emails', counts: 'email_page_counts', updateOf: [], sorts: [{ name: 'id', bucket: (r) => [`''`, `(${r}.id / ${BLOCK / 4}) * ${BLOCK / 4}`] }] },
];

/** Each sort's buckets of the rows of `from` (aliased `r`), with `sign` per row. */
const changes = (source: Source, from: string, sign: number, sorts = source.sorts) =>
  sorts
    .map((s) => {
      const where = s.counted ? ` where ${s.counted('r')}` : '';
      if (s.bucket) {
        const [value, id] = s.bucket('r');
        return `select '${s.name}' as sort, ${value} as lo_value, ${id} as lo_id, ${sign} as d from ${from} r${where}`;
      }
      // the last bucket that starts at or before the row (the first starts at ('', 0), before every row)
      return `select '${s.name}' as sort, b.lo_value, b.lo_id, ${sign} as d from ${from} r cross join lateral (
          select lo_value, lo_id from ${source.counts} c where c.sort = '${s.name}' and (c.lo_value, c.lo_id) <= (${s.cut?.('r')}, r.id)
          order by c.lo_value desc, c.lo_id desc limit 1) b${where}`;
    })
    .join(' union all ');

/** Rows a text sort's bucket holds when cut; the daily upkeep cuts them again once one holds four times this. */
export const CUT_ROWS = 8192;

/**
 * Cuts a text sort's buckets where its rows fall now, one every `rows` rows in its order, and counts them. In a
 * transaction (the migrator's, recutLicensePages'), writes to the table wait meanwhile (a share lock, to its end), so no
 * count is made against the old buckets: about a second at 1,000,000 licences. Outside one (the bench's generator, a
 * test's recount) nothing else may write. The first bucket starts before every row.
 */
export async function cutPageBuckets(db: Kysely<unknown>, table: string, sort: string, rows = CUT_ROWS): Promise<void> {
  const source = SOURCES.find((s) => s.table === table);
  const cut = source?.sorts.find((s) => s.name === sort)?.cut;
  if (!source || !cut) throw new Error(`no text sort ${table}.${sort}`);
  if (db.isTransaction) await sql`lock table ${sql.id(table)} in share mode`.execute(db);
  await sql`delete from ${sql.id(source.counts)} where sort = ${sort}`.execute(db);
  await sql`insert into ${sql.id(source.counts)} (sort, lo_value, lo_id, n)
    select ${sort}, case when rn = 1 then '' else v end, case when rn = 1 then 0 else id end, least(${rows}, total - rn + 1)
    from (select v, id, row_number() over (order by v, id) as rn, count(*) over () as total
      from (select ${sql.raw(cut('r'))} as v, r.id from ${sql.id(table)} r) l) x
    where rn % ${rows} = 1
    union all select ${sort}, '', 0, 0 where not exists (select 1 from ${sql.id(table)})`.execute(db);
}

/** Adds the changes up and writes them, the count rows in one order (concurrent statements lock them alike). */
const apply = (source: Source, selects: string) =>
  `insert into ${source.counts} (sort, lo_value, lo_id, n)
     select sort, lo_value, lo_id, sum(d) from (${selects}) c group by sort, lo_value, lo_id having sum(d) <> 0 order by sort, lo_value, lo_id
     on conflict (sort, lo_value, lo_id) do update set n = ${source.counts}.n + excluded.n`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const source of SOURCES) {
    const { table, counts } = source;
    await sql`create table ${sql.id(counts)} (sort text not null, lo_value text not null, lo_id bigint not null, n bigint not null,
      primary key (sort, lo_value, lo_id))`.execute(db);
    const computed = source.sorts.filter((sort) => sort.bucket);
    if (computed.length > 0) await sql.raw(apply(source, changes(source, table, 1, computed))).execute(db);
    for (const sort of source.sorts) if (sort.cut) await cutPageBuckets(db, table, sort.name);
    const events = { insert: ['new_rows'], delete: ['old_rows'] } as const;
    for (const [event, [rows]] of Object.entries(events)) {
      const name = `${counts}_${event}`;
      await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.lit(
        `begin ${apply(source, changes(source, rows, rows === 'new_rows' ? 1 : -1))}; return null; end`,
      )}`.execute(db);
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on ${sql.id(table)}
        referencing ${sql.raw(rows === 'new_rows' ? 'new' : 'old')} table as ${sql.raw(rows)}
        for each statement execute function ${sql.id(name)}()`.execute(db);
    }
    if (source.updateOf.length === 0) continue;
    // A row whose bucket (or whether it is listed) changed: one out of the old bucket, one into the new.
    const one = (ref: 'old' | 'new') => `(select ${ref}.*)`;
    const name = `${counts}_move`;
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.lit(
      `begin ${apply(source, `${changes(source, one('old'), -1)} union all ${changes(source, one('new'), 1)}`)}; return null; end`,
    )}`.execute(db);
    const changed = source.updateOf.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
    await sql`create trigger ${sql.id(name)} after update of ${sql.raw(source.updateOf.join(', '))} on ${sql.id(table)}
      for each row when (${sql.raw(changed)}) execute function ${sql.id(name)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, counts } of SOURCES) {
    for (const event of ['insert', 'delete', 'move']) {
      await sql`drop trigger if exists ${sql.id(`${counts}_${event}`)} on ${sql.id(table)}`.execute(db);
      await sql`drop function if exists ${sql.id(`${counts}_${event}`)}()`.execute(db);
    }
    await sql`drop table ${sql.id(counts)}`.execute(db);
  }
}
