import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// How many e-mails of each kind and status the Outbox holds, kept as rows change (issue 44, docs/big-shop.md): the
// Outbox's total without a search was a count of every message on every page (2,000,000 at a million licences).
// One row per kind and status (a filter's total is a sum of a few rows), kept by triggers in the same transaction as
// the insert, delete, or change of kind or status of a message, whoever makes it; owner: the email module.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_counts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_counts_pkey', ['kind', 'status'])
    .execute();
  await sql`insert into email_counts (kind, status, n) select kind, status, count(*) from emails group by kind, status`.execute(db);
  const add = (row: 'new' | 'old', by: number) =>
    sql.raw(
      `insert into email_counts (kind, status, n) values (${row}.kind, ${row}.status, ${by}) on conflict (kind, status) do update set n = email_counts.n + ${by}`,
    );
  if (isPostgres(db)) {
    await sql`create function email_counts_keep() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then ${add('old', -1)}; end if;
        if tg_op in ('INSERT', 'UPDATE') then ${add('new', 1)}; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger email_counts_keep after insert or delete or update of kind, status on emails for each row execute function email_counts_keep()`.execute(
      db,
    );
    return;
  }
  await sql`create trigger email_counts_insert after insert on emails begin ${add('new', 1)}; end`.execute(db);
  await sql`create trigger email_counts_delete after delete on emails begin ${add('old', -1)}; end`.execute(db);
  await sql`create trigger email_counts_move after update of kind, status on emails begin ${add('old', -1)}; ${add('new', 1)}; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists email_counts_keep on emails`.execute(db);
    await sql`drop function if exists email_counts_keep()`.execute(db);
  } else {
    for (const name of ['email_counts_insert', 'email_counts_delete', 'email_counts_move']) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await db.schema.dropTable('email_counts').execute();
}
