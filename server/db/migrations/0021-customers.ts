import { type Kysely, sql } from 'kysely';
import { addIdColumn, isPostgres } from '../portable.js';

// Customers (issue 27, docs/customers.md): one row per buyer, an e-mail address compared case-insensitively
// (stored lower-cased). The row holds what the admin writes (name, private note) and a summary of the buyer's
// orders and licences (first and last purchase, counts, total paid, and `search_text`: the address, name and
// licence keys, lower-cased, that the list's search reads in one pass), kept current by the customers module
// (`refreshCustomerSummaries`) in the transaction of every change to an order's status or a licence's owner, so
// the Customers list sorts and pages 50,000 buyers without aggregating orders and licences on each request.
// Each sortable column has an index (PostgreSQL: one per direction for the nullable ones, whose empty values sort
// last either way); `lower(to_address)` finds the e-mails sent to one buyer.
const SORTED = ['name', 'first_purchase_at', 'last_purchase_at', 'order_count', 'license_count', 'total_paid'];
const NULLABLE = new Set(['name', 'first_purchase_at', 'last_purchase_at']);

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('customers'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_purchase_at', 'text')
    .addColumn('last_purchase_at', 'text')
    .addColumn('order_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('license_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currencies', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const column of SORTED) {
    await db.schema.createIndex(`customers_${column}`).on('customers').columns([column, 'id']).execute();
    if (isPostgres(db) && NULLABLE.has(column)) {
      await sql`create index ${sql.id(`customers_${column}_desc`)} on customers (${sql.id(column)} desc nulls last, id desc)`.execute(db);
    }
  }
  await db.schema
    .createIndex('emails_to_address_lower')
    .on('emails')
    .expression(sql`lower(to_address)`)
    .execute();

  // Backfill: every address that has a paid or refunded order or a licence.
  const now = new Date().toISOString();
  await sql`
    insert into customers (email, first_purchase_at, last_purchase_at, order_count, license_count, total_paid, currencies, search_text, created_at, updated_at)
    select s.email, min(s.first_at), max(s.last_at), sum(s.orders), sum(s.licenses), sum(s.paid), '', s.email, ${now}, ${now}
    from (
      select lower(email) as email, min(coalesce(paid_at, created_at)) as first_at, max(coalesce(paid_at, created_at)) as last_at,
             count(*) as orders, 0 as licenses, sum(case when status = 'paid' then amount else 0 end) as paid
      from orders where status <> 'pending' group by lower(email)
      union all
      select lower(customer_email), null, null, 0, count(*), 0
      from licenses where customer_email is not null group by lower(customer_email)
    ) s
    group by s.email
  `.execute(db);
  const concat = (column: string, separator: string) =>
    isPostgres(db) ? sql`string_agg(${sql.raw(column)}, ${separator} order by ${sql.raw(column)})` : sql`group_concat(${sql.raw(column)}, ${separator})`;
  await sql`
    update customers set
      currencies = coalesce((select ${concat('c', ',')} from (select distinct o.currency as c from orders o where lower(o.email) = customers.email and o.status = 'paid') x), ''),
      search_text = email || coalesce((select ' ' || ${concat('k', ' ')} from (select lower(l.key) as k from licenses l where lower(l.customer_email) = customers.email) y), '')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('emails_to_address_lower').execute();
  await db.schema.dropTable('customers').execute();
}
