import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Invoices and credit notes (issue 43; docs/tax.md). One invoice per paid order and one credit note per refunded
// one (unique kind + order), numbered per series from `invoice_counters`: the number is taken by an UPDATE of the
// series' row in the payment's own transaction, so on PostgreSQL concurrent payments (on any instance) wait for
// each other's commit and a rolled-back payment gives its number back: no gap, no duplicate (unique series + number
// is the backstop). A row is written once and never updated; `document` keeps what was issued.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await addIdColumn(db, db.schema.createTable('invoices'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('number_text', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('invoice_id', 'integer')
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('supplied_at', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('net_amount', 'integer', (c) => c.notNull())
    .addColumn('tax_amount', 'integer', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('tax_country', 'text')
    .addColumn('tax_treatment', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_series_number', ['series', 'number'])
    .addUniqueConstraint('invoices_kind_order', ['kind', 'order_id'])
    .execute();
  await db.schema.createIndex('invoices_issued_at').on('invoices').column('issued_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
}
