import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// How many customers the shop has, kept as rows come and go (issue 44, docs/big-shop.md "Counting"): the Customers
// list's total without a search was a count of every customer on every page asked for (600,000 at a million
// licences: over the 50 ms bar on PostgreSQL). One row, kept by triggers in the same transaction as the insert or
// delete of a customer, whoever makes it (a checkout, an import, an erasure, a restore); owner: the customers module.
// SQLite: a trigger per row (one writer at a time). PostgreSQL: a trigger per statement, from its transition table,
// so a statement that makes many customers (an import, the bench generator) updates the row once, not once each.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customer_count')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into customer_count (id, n) select 1, count(*) from customers`.execute(db);
  if (isPostgres(db)) {
    for (const [event, table, sign] of [
      ['insert', 'new', '+'],
      ['delete', 'old', '-'],
    ] as const) {
      const name = sql.raw(`customer_count_${event}`);
      await sql`create function ${name}() returns trigger language plpgsql as $$
        begin
          update customer_count set n = n ${sql.raw(sign)} (select count(*) from ${sql.raw(`${table}_rows`)}) where id = 1;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${name} after ${sql.raw(event)} on customers referencing ${sql.raw(`${table} table as ${table}_rows`)}
        for each statement execute function ${name}()`.execute(db);
    }
    return;
  }
  await sql`create trigger customer_count_insert after insert on customers begin update customer_count set n = n + 1 where id = 1; end`.execute(db);
  await sql`create trigger customer_count_delete after delete on customers begin update customer_count set n = n - 1 where id = 1; end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete'])
    await sql`drop trigger if exists ${sql.raw(`customer_count_${event}`)}${sql.raw(isPostgres(db) ? ' on customers' : '')}`.execute(db);
  if (isPostgres(db)) for (const event of ['insert', 'delete']) await sql`drop function if exists ${sql.raw(`customer_count_${event}`)}()`.execute(db);
  await db.schema.dropTable('customer_count').execute();
}
