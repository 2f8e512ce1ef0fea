import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// How many licences each plugin has, kept as rows change (docs/big-shop.md): the Licences list's total without a
// search was a count of every licence on every page asked for (60 ms and more at a million licences). One row per
// plugin (the total is their sum), kept by triggers in the same transaction as the insert, delete or move of a licence,
// whoever makes it; owner: the licences module.
const add = (row: 'new' | 'old', by: number) =>
  sql.raw(
    `insert into license_counts (plugin_slug, n) values (${row}.plugin_slug, ${by}) on conflict (plugin_slug) do update set n = license_counts.n + ${by}`,
  );

/** PostgreSQL's trigger per row (0088-rollups-per-statement replaces it by triggers per statement; its down restores this). */
export async function keepPerRowOnPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function license_counts_keep() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then ${add('old', -1)}; end if;
      if tg_op in ('INSERT', 'UPDATE') then ${add('new', 1)}; end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger license_counts_keep after insert or delete or update of plugin_slug on licenses for each row execute function license_counts_keep()`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('license_counts')
    .addColumn('plugin_slug', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into license_counts (plugin_slug, n) select plugin_slug, count(*) from licenses group by plugin_slug`.execute(db);
  if (isPostgres(db)) return keepPerRowOnPostgres(db);
  await sql`create trigger license_counts_insert after insert on licenses begin ${add('new', 1)}; end`.execute(db);
  await sql`create trigger license_counts_delete after delete on licenses begin ${add('old', -1)}; end`.execute(db);
  await sql`create trigger license_counts_move after update of plugin_slug on licenses begin ${add('old', -1)}; ${add('new', 1)}; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists license_counts_keep on licenses`.execute(db);
    await sql`drop function if exists license_counts_keep()`.execute(db);
  } else {
    for (const name of ['license_counts_insert', 'license_counts_delete', 'license_counts_move']) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable('license_counts').execute();
}
