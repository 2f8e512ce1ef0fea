import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Orders, the payment events that drive them, and outgoing e-mail (docs/design.md section 7).
// Idempotency rests on unique constraints: one order per provider reference, one event per provider event id,
// one licence per order, one licence e-mail per order (resends carry no dedupe key).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('orders'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.notNull())
    .addColumn('client_secret_hash', 'text')
    .addColumn('license_id', 'integer', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_provider_ref', ['provider', 'provider_ref'])
    .execute();
  await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_client_secret_hash').on('orders').column('client_secret_hash').execute();

  await addIdColumn(db, db.schema.createTable('payment_events'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_events_provider_event', ['provider', 'event_id'])
    .execute();

  await addIdColumn(db, db.schema.createTable('emails'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('emails_order_id').on('emails').column('order_id').execute();
  await db.schema.createIndex('emails_status').on('emails').column('status').execute();

  // Backstop for fulfilment: a licence belongs to at most one order (manual licences have no order).
  await db.schema.createIndex('licenses_order_id_unique').on('licenses').column('order_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('licenses_order_id_unique').execute();
  for (const table of ['emails', 'payment_events', 'orders']) await db.schema.dropTable(table).execute();
}
