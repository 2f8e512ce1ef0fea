import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';
import { LICENSE_COLUMNS, SITE_COLUMNS } from './0092-license-checks.js';

// PostgreSQL: the licence check reads one table too (issue 44, docs/big-shop.md "One B-tree a check"), as SQLite does
// since 0092. Off the tables themselves a check read the licence's key index and row, the site's activation index and
// row, the licence's counted activations and, for EDD's check, the buyer's e-mail index and row: at 1,000,000
// licences most of those pages are not in PostgreSQL's buffers, and the database's work per lookup grew from 27 to
// 45 µs (EDD's 34 to 60; `npx tsx bench/pg-lookup-cost.ts SHOP…`). `license_checks` holds, keyed by (key, site), per
// licence a row whose site is '' (its validation and purchase fields, its count of counted activations, its buyer's
// name) and one row per activated site (the activation's id, check date and reported versions): a check is one
// descent of its primary key and the rows beside each other, filled in key order. The same columns and the same
// statement as SQLite's (`validationLookup`).
//
// Kept in the same transaction as every change to licences, activations and customers, whoever makes it: inserts
// and deletes once a statement (an import of a million rows), updates once a row whose read columns changed (a site's
// daily check, a renewal, a new key). A licence's count of counted activations is counted again at each change of
// its sites, so it cannot drift. `fillfactor` leaves room on each page for the daily check's new version of a row,
// which then stays on its page (a heap-only update: no index entry written).
const LICENSE_READ = LICENSE_COLUMNS.join(', ');
const SITE_READ = SITE_COLUMNS.join(', ');
const of = (row: string, names: readonly string[]) => names.map((name) => `${row}.${name}`).join(', ');
const set = (row: string, names: readonly string[]) => names.map((name) => `${name} = ${row}.${name}`).join(', ');
const changed = (names: readonly string[]) => names.map((name) => `old.${name} is distinct from new.${name}`).join(' or ');

const used = (licenseId: string) => `(select count(*) from license_activations a where a.license_id = ${licenseId} and a.is_local = 0)`;
const buyerName = (email: string) => `(select c.name from customers c where c.email = lower(${email}))`;
/**
 * The licences' rows (site '') of the licences whose ids `ids` selects: their count again. The rows are locked first,
 * in key order, and counted by a statement of its own: at read committed each statement of a trigger function sees
 * what was committed when it began, so a transaction changing the same licence's sites at the same time has either
 * committed (and is counted) or waits for this one. Counted in the update's own statement, the count's snapshot would be
 * the one taken before that wait (today the dashboard's roll-up trigger, which fires first, happens to make the second
 * writer wait earlier, so the race could not be shown; this does not rely on it).
 */
const recount = (ids: string) =>
  `perform 1 from license_checks c join licenses l on c.key = l.key and c.site = '' where l.id in (${ids}) order by c.key for update of c;
   update license_checks c set used = ${used('l.id')} from licenses l where l.id in (${ids}) and c.key = l.key and c.site = ''`;
const insertSites = (rows: string) =>
  `insert into license_checks (key, site, activation_id, ${SITE_READ})
     select l.key, r.site_url, r.id, ${of('r', SITE_COLUMNS)} from ${rows} r join licenses l on l.id = r.license_id order by l.key, r.site_url`;
/** The buyer's name on the licences' rows of those bought with an address of `emails` (customers keep theirs lower-cased). */
const nameOn = (emails: string, name: string) =>
  `update license_checks c set customer_name = ${name} from (${emails}) b join licenses l on lower(l.customer_email) = b.email
     where c.key = l.key and c.site = ''`;

interface Trigger {
  table: 'licenses' | 'license_activations' | 'customers';
  /** A statement trigger's event with its transition table, or a row trigger's `update of` columns. */
  event: { statement: 'insert' | 'delete' } | { updateOf: readonly string[] };
  body: string;
}

const TRIGGERS: Record<string, Trigger> = {
  license_checks_license_insert: {
    table: 'licenses',
    event: { statement: 'insert' },
    body: `insert into license_checks (key, site, ${LICENSE_READ}, used, customer_name)
      select r.key, '', ${of('r', LICENSE_COLUMNS)}, ${used('r.id')}, ${buyerName('r.customer_email')} from batch r order by r.key`,
  },
  // a new key moves the licence's rows (its sites' too); then its fields
  license_checks_license_update: {
    table: 'licenses',
    event: { updateOf: ['key', ...LICENSE_COLUMNS] },
    body: `if new.key <> old.key then update license_checks set key = new.key where key = old.key; end if;
      update license_checks set ${set('new', LICENSE_COLUMNS)}, customer_name = ${buyerName('new.customer_email')}
        where key = new.key and site = ''`,
  },
  // its sites' rows too: the activations' own delete (a cascade) finds the licence gone
  license_checks_license_delete: {
    table: 'licenses',
    event: { statement: 'delete' },
    body: `delete from license_checks c using batch r where c.key = r.key`,
  },
  license_checks_site_insert: {
    table: 'license_activations',
    event: { statement: 'insert' },
    body: `${insertSites('batch')}; ${recount('select license_id from batch')}`,
  },
  // the daily check and a site's report: the site's row alone
  license_checks_site_report: {
    table: 'license_activations',
    event: { updateOf: SITE_COLUMNS },
    body: `update license_checks set ${set('new', SITE_COLUMNS)}
      where key = (select key from licenses where id = new.license_id) and site = new.site_url`,
  },
  // an activation moved to another licence or site, or made local or not: its row again, both licences recounted
  license_checks_site_move: {
    table: 'license_activations',
    event: { updateOf: ['license_id', 'site_url', 'is_local'] },
    body: `delete from license_checks where key = (select key from licenses where id = old.license_id) and site = old.site_url;
      ${insertSites('(select new.*)')}; ${recount('old.license_id, new.license_id')}`,
  },
  license_checks_site_delete: {
    table: 'license_activations',
    event: { statement: 'delete' },
    body: `delete from license_checks c using batch r join licenses l on l.id = r.license_id where c.key = l.key and c.site = r.site_url;
      ${recount('select license_id from batch')}`,
  },
  // a new buyer's licences hold no name yet (a buyer's removal clears it): only a name is written
  license_checks_buyer_insert: {
    table: 'customers',
    event: { statement: 'insert' },
    body: nameOn('select email, name from batch where name is not null', 'b.name'),
  },
  license_checks_buyer_update: {
    table: 'customers',
    event: { updateOf: ['email', 'name'] },
    body: `${nameOn('select old.email', 'null')}; ${nameOn('select new.email, new.name', 'b.name')}`,
  },
  license_checks_buyer_delete: {
    table: 'customers',
    event: { statement: 'delete' },
    body: nameOn('select email from batch', 'null'),
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table license_checks (
    key text not null, site text not null,
    plugin_slug text, plan text, status text, max_activations integer, expires_at text, order_id integer, price_id integer,
    customer_email text, used integer, customer_name text,
    activation_id integer, last_checked_at text, installed_version text, wp_version text, php_version text,
    primary key (key, site)) with (fillfactor = 90)`.execute(db);
  // in key order, a licence's row beside its sites'
  await sql`insert into license_checks select * from (
      select l.key, '' as site, ${sql.raw(of('l', LICENSE_COLUMNS))}, ${sql.raw(used('l.id'))}::integer as used,
        ${sql.raw(buyerName('l.customer_email'))} as customer_name,
        null::integer as activation_id, ${sql.raw(SITE_COLUMNS.map((name) => `null::text as ${name}`).join(', '))}
      from licenses l
      union all
      select l.key, a.site_url, ${sql.raw(LICENSE_COLUMNS.map(() => 'null').join(', '))}, null, null, a.id, ${sql.raw(of('a', SITE_COLUMNS))}
      from license_activations a join licenses l on l.id = a.license_id) x
    order by key, site`.execute(db);
  for (const [name, { table, event, body }] of Object.entries(TRIGGERS)) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as ${sql.lit(`begin ${body}; return null; end`)}`.execute(db);
    if ('statement' in event)
      await sql`create trigger ${sql.id(name)} after ${sql.raw(event.statement)} on ${sql.id(table)}
        referencing ${sql.raw(event.statement === 'insert' ? 'new' : 'old')} table as batch
        for each statement execute function ${sql.id(name)}()`.execute(db);
    else
      await sql`create trigger ${sql.id(name)} after update of ${sql.raw(event.updateOf.join(', '))} on ${sql.id(table)}
        for each row when (${sql.raw(changed(event.updateOf))}) execute function ${sql.id(name)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, { table }] of Object.entries(TRIGGERS)) {
    await sql`drop trigger ${sql.id(name)} on ${sql.id(table)}`.execute(db);
    await sql`drop function ${sql.id(name)}()`.execute(db);
  }
  await sql`drop table license_checks`.execute(db);
}
