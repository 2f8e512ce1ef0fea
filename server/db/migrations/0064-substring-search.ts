import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// Substring search and sorting at a million licences (docs/big-shop.md).
//
// The admin Licences list finds a licence by any part of its key (dashes ignored), of its customer's e-mail or of an
// activated site's address. A plain substring test reads every row (a full scan: 300 ms and more at a million
// licences), so each searched text gets an index made for substring search:
// - SQLite: FTS5 tables with the `trigram` tokenizer (case-insensitive), contentless (they hold the index only), one
//   row per licence (`license_search`: the key without dashes, the e-mail) and one per activation
//   (`license_site_search`: the site address), the row's id as their rowid. Triggers keep them current in the same
//   transaction as any change to those columns, whoever makes it.
// - PostgreSQL: `pg_trgm` GIN indexes on the same expressions, used by `like '%…%'`.
// A trigram index needs three characters: shorter searches are a plain scan (license-list.repository.ts).
//
// And one index per sort of the list (common/licenses.ts LICENSE_SORTS), each ending in the id that breaks ties:
// a licence without expiry (lifetime) sorts as the farthest expiry, one without an e-mail as the empty text.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const ops = await trigramOps(db);
    await sql`create index licenses_key_trgm on licenses using gin (replace(key, '-', '') ${ops})`.execute(db);
    await sql`create index licenses_customer_email_trgm on licenses using gin (lower(customer_email) ${ops})`.execute(db);
    await sql`create index license_activations_site_trgm on license_activations using gin (lower(site_url) ${ops})`.execute(db);
  } else {
    await sql`create virtual table license_search using fts5(key_bare, email, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
    await sql`create virtual table license_site_search using fts5(site_url, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
    await sql`insert into license_search (rowid, key_bare, email) select id, replace(key, '-', ''), coalesce(customer_email, '') from licenses`.execute(db);
    await sql`insert into license_site_search (rowid, site_url) select id, site_url from license_activations`.execute(db);
    const licenseRow = (row: 'new' | 'old') => sql.raw(`${row}.id, replace(${row}.key, '-', ''), coalesce(${row}.customer_email, '')`);
    await sql`create trigger license_search_insert after insert on licenses begin
      insert into license_search (rowid, key_bare, email) values (${licenseRow('new')}); end`.execute(db);
    await sql`create trigger license_search_update after update of key, customer_email on licenses begin
      delete from license_search where rowid = old.id;
      insert into license_search (rowid, key_bare, email) values (${licenseRow('new')}); end`.execute(db);
    await sql`create trigger license_search_delete after delete on licenses begin delete from license_search where rowid = old.id; end`.execute(db);
    await sql`create trigger license_site_search_insert after insert on license_activations begin
      insert into license_site_search (rowid, site_url) values (new.id, new.site_url); end`.execute(db);
    await sql`create trigger license_site_search_update after update of site_url on license_activations begin
      delete from license_site_search where rowid = old.id;
      insert into license_site_search (rowid, site_url) values (new.id, new.site_url); end`.execute(db);
    await sql`create trigger license_site_search_delete after delete on license_activations begin
      delete from license_site_search where rowid = old.id; end`.execute(db);
  }
  // (created_at, id) replaces the index on created_at alone (0015), which every query of it can use as well.
  await sql`drop index licenses_created_at`.execute(db);
  for (const [name, columns] of Object.entries(LICENSE_SORT_INDEXES)) {
    await sql`create index ${sql.id(name)} on licenses (${sql.raw(columns)})`.execute(db);
  }
}

/** The list's sort expressions (license-list.repository.ts sorts by the same text). */
export const LICENSE_SORT_INDEXES = {
  licenses_created_id: 'created_at, id',
  licenses_plugin_created_id: 'plugin_slug, created_at, id',
  licenses_expiry_sort: `coalesce(expires_at, '9999-12-31T23:59:59.999Z'), id`,
  licenses_email_sort: `coalesce(customer_email, ''), id`,
};

/** pg_trgm's operator class, qualified by the schema the extension is in (made in `public` when missing). */
export async function trigramOps(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  const row = (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db))
    .rows[0];
  return sql.raw(`"${(row?.schema ?? 'public').replace(/"/g, '""')}".gin_trgm_ops`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(LICENSE_SORT_INDEXES)) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`create index licenses_created_at on licenses (created_at)`.execute(db);
  if (isPostgres(db)) {
    for (const name of ['licenses_key_trgm', 'licenses_customer_email_trgm', 'license_activations_site_trgm'])
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
  } else {
    for (const name of [
      'license_search_insert',
      'license_search_update',
      'license_search_delete',
      'license_site_search_insert',
      'license_site_search_update',
      'license_site_search_delete',
    ]) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    await sql`drop table if exists license_search`.execute(db);
    await sql`drop table if exists license_site_search`.execute(db);
  }
}
