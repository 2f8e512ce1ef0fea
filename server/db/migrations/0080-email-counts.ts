import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// How many e-mails of each kind and status the Outbox holds, kept as rows change (issue 44, docs/big-shop.md): the
// Outbox's total without a search was a count of every message on every page (2,000,000 at a million licences).
// One row per kind and status (a filter's total is a sum of a few rows), kept by triggers in the same transaction as
// the insert, delete, or change of kind or status of a message, whoever makes it; owner: the email module. SQLite:
// a trigger per row (one writer at a time). PostgreSQL: a trigger per statement (every update of a message: a
// trigger with transition tables takes no column list), adding up the statement's changes.
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
    // Once a statement, from its transition tables, the count rows in one order (kind, status): concurrent statements
    // (two mail workers claiming messages of several kinds) take their row locks in the same order, not each row's.
    const events = { insert: ['new_rows'], delete: ['old_rows'], update: ['new_rows', 'old_rows'] } as const;
    for (const [event, tables] of Object.entries(events)) {
      const changes = tables.map((table) => `select kind, status, ${table === 'new_rows' ? 1 : -1} as d from ${table}`).join(' union all ');
      await sql`create function ${sql.raw(`email_counts_${event}`)}() returns trigger language plpgsql as $$
        begin
          insert into email_counts (kind, status, n)
            select kind, status, sum(d) from (${sql.raw(changes)}) c group by kind, status having sum(d) <> 0 order by kind, status
            on conflict (kind, status) do update set n = email_counts.n + excluded.n;
          return null;
        end $$`.execute(db);
      const referencing = tables.map((table) => (table === 'new_rows' ? 'new table as new_rows' : 'old table as old_rows')).join(' ');
      await sql`create trigger ${sql.raw(`email_counts_${event}`)} after ${sql.raw(event)} on emails referencing ${sql.raw(referencing)}
        for each statement execute function ${sql.raw(`email_counts_${event}`)}()`.execute(db);
    }
    return;
  }
  await sql`create trigger email_counts_insert after insert on emails begin ${add('new', 1)}; end`.execute(db);
  await sql`create trigger email_counts_delete after delete on emails begin ${add('old', -1)}; end`.execute(db);
  await sql`create trigger email_counts_move after update of kind, status on emails begin ${add('old', -1)}; ${add('new', 1)}; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update', 'move'])
    await sql`drop trigger if exists ${sql.raw(`email_counts_${event}`)}${sql.raw(isPostgres(db) ? ' on emails' : '')}`.execute(db);
  if (isPostgres(db)) for (const event of ['insert', 'delete', 'update']) await sql`drop function if exists ${sql.raw(`email_counts_${event}`)}()`.execute(db);
  await db.schema.dropTable('email_counts').execute();
}
