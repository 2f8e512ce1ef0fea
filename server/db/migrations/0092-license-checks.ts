import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// SQLite: the licence check walks one B-tree (issue 44, docs/big-shop.md "One B-tree a check"). With 0091 a check
// walked two or three covering indexes (the licence's, its activations', and for EDD's check the buyer's), each a
// descent through memory no CPU cache holds in a multi-gigabyte shop and, below the top levels, a page read from the
// file. `license_checks` holds what the check reads as neighbouring rows of one table keyed by (key, site): per
// licence a row whose site is '' (its validation and purchase fields, its count of counted activations, its buyer's
// name) and one row per activated site (the activation's id, check date and reported versions). A check reads the
// licence's row and the site's row beside it: on the same leaf page, almost always. Triggers keep it in the same
// transaction as every change to licences, activations and customers, whoever makes it; PostgreSQL kept its statement
// until 0095-license-checks-postgres.ts made the same table there.
//
// 0091's covering indexes of the licence and of the buyer's name served the check only and are dropped; the
// activations' (license_id, site_url, is_local, …) stays: it counts a licence's counted activations, here too.
export const LICENSE_COLUMNS = ['plugin_slug', 'plan', 'status', 'max_activations', 'expires_at', 'order_id', 'price_id', 'customer_email'] as const;
export const SITE_COLUMNS = ['last_checked_at', 'installed_version', 'wp_version', 'php_version'] as const;

const list = (names: readonly string[], row = '') => sql.raw(names.map((name) => `${row}${name}`).join(', '));
const keyOf = (licenseId: string) => sql.raw(`(select key from licenses where id = ${licenseId})`);
const usedOf = (licenseId: string) => sql.raw(`(select count(*) from license_activations where license_id = ${licenseId} and is_local = 0)`);
const nameOf = (email: string) => sql.raw(`(select name from customers where email = lower(${email}))`);
const keysOfBuyer = (email: string) => sql.raw(`(select key from licenses where lower(customer_email) = ${email})`);

/** The licence's row of `license_checks` from a row of licences (`new`, or `l` in a select). */
const licenseRow = (row: string) =>
  sql`${sql.raw(`${row}.key`)}, '', ${list(LICENSE_COLUMNS, `${row}.`)}, ${usedOf(`${row}.id`)}, ${nameOf(`${row}.customer_email`)}`;
const insertLicense = sql`insert into license_checks (key, site, ${list(LICENSE_COLUMNS)}, used, customer_name)`;
const insertSite = sql`insert into license_checks (key, site, activation_id, ${list(SITE_COLUMNS)})`;
const siteRow = (row: string) => sql`${sql.raw(`${row}.site_url, ${row}.id`)}, ${list(SITE_COLUMNS, `${row}.`)}`;
const recount = (licenseId: string) => sql`update license_checks set used = ${usedOf(licenseId)} where key = ${keyOf(licenseId)} and site = ''`;

const TRIGGERS = {
  license_checks_license_insert: sql`after insert on licenses begin ${insertLicense} values (${licenseRow('new')}); end`,
  // a new key moves the licence's rows (its sites' too); then its fields
  license_checks_license_update: sql`after update of key, ${list(LICENSE_COLUMNS)} on licenses begin
    update license_checks set key = new.key where key = old.key and new.key <> old.key;
    update license_checks set ${sql.raw(LICENSE_COLUMNS.map((name) => `${name} = new.${name}`).join(', '))},
      customer_name = ${nameOf('new.customer_email')} where key = new.key and site = ''; end`,
  license_checks_license_delete: sql`after delete on licenses begin delete from license_checks where key = old.key; end`,
  license_checks_site_insert: sql`after insert on license_activations begin
    ${insertSite} select key, ${siteRow('new')} from licenses where id = new.license_id;
    ${recount('new.license_id')}; end`,
  // the daily check and a site's report: the site's row alone
  license_checks_site_report: sql`after update of ${list(SITE_COLUMNS)} on license_activations begin
    update license_checks set ${sql.raw(SITE_COLUMNS.map((name) => `${name} = new.${name}`).join(', '))}
      where key = ${keyOf('new.license_id')} and site = new.site_url; end`,
  // an activation moved to another licence or site, or made local or not: its row again, both licences recounted
  license_checks_site_move: sql`after update of license_id, site_url, is_local on license_activations begin
    delete from license_checks where key = ${keyOf('old.license_id')} and site = old.site_url;
    ${insertSite} select key, ${siteRow('new')} from licenses where id = new.license_id;
    ${recount('old.license_id')};
    ${recount('new.license_id')}; end`,
  license_checks_site_delete: sql`after delete on license_activations begin
    delete from license_checks where key = ${keyOf('old.license_id')} and site = old.site_url;
    ${recount('old.license_id')}; end`,
  // the buyer's name: customers' addresses are kept lower-cased, the licence's as the buyer typed it
  license_checks_buyer_insert: sql`after insert on customers begin
    update license_checks set customer_name = new.name where site = '' and key in ${keysOfBuyer('new.email')}; end`,
  license_checks_buyer_update: sql`after update of email, name on customers begin
    update license_checks set customer_name = null where site = '' and key in ${keysOfBuyer('old.email')};
    update license_checks set customer_name = new.name where site = '' and key in ${keysOfBuyer('new.email')}; end`,
  license_checks_buyer_delete: sql`after delete on customers begin
    update license_checks set customer_name = null where site = '' and key in ${keysOfBuyer('old.email')}; end`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`create table license_checks (
    key text not null, site text not null,
    plugin_slug text, plan text, status text, max_activations integer, expires_at text, order_id integer, price_id integer,
    customer_email text, used integer, customer_name text,
    activation_id integer, last_checked_at text, installed_version text, wp_version text, php_version text,
    primary key (key, site)) without rowid`.execute(db);
  // in key order, so the table's pages are filled one after another
  await sql`${insertLicense} select ${licenseRow('l')} from licenses l order by l.key`.execute(db);
  await sql`${insertSite} select l.key, ${siteRow('a')} from license_activations a join licenses l on l.id = a.license_id order by l.key, a.site_url`.execute(
    db,
  );
  for (const [name, body] of Object.entries(TRIGGERS)) await sql`create trigger ${sql.id(name)} ${body}`.execute(db);
  // if exists: bench/bigshop.ts drops them before its bulk fill (its down makes them again)
  await sql`drop index if exists licenses_validation`.execute(db);
  await sql`drop index if exists customers_email_name`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const name of Object.keys(TRIGGERS)) await sql`drop trigger ${sql.id(name)}`.execute(db);
  await sql`drop table license_checks`.execute(db);
  await sql`create index licenses_validation on licenses (key, plugin_slug, plan, status, max_activations, expires_at, order_id, price_id, customer_email)`.execute(
    db,
  );
  await sql`create index customers_email_name on customers (email, name)`.execute(db);
}
