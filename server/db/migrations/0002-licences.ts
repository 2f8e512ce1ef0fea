import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('licenses'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('max_activations', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('order_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('licenses_plugin_slug').on('licenses').column('plugin_slug').execute();

  await addIdColumn(db, db.schema.createTable('license_activations'))
    .addColumn('license_id', 'integer', (c) => c.notNull().references('licenses.id').onDelete('cascade'))
    .addColumn('site_url', 'text', (c) => c.notNull())
    .addColumn('is_local', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('environment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_checked_at', 'text')
    .addUniqueConstraint('license_activations_license_site', ['license_id', 'site_url'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('license_activations').execute();
  await db.schema.dropTable('licenses').execute();
}
