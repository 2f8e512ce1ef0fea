import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('admin_sessions'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('plugins'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_version', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lemonsqueezy_product_id', 'text')
    .addColumn('pricing_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GBP'))
    .addColumn('price', 'integer')
    .addColumn('discount_price', 'integer')
    .addColumn('price_display', 'text')
    .addColumn('discount_display', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('developer-tools'))
    .addColumn('rating', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_popular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('benefits', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('requirements', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('use_cases', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('homepage', 'text')
    .addColumn('requires_wp', 'text')
    .addColumn('tested_wp', 'text')
    .addColumn('requires_php', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('activities'))
    .addColumn('action_type', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activities_created_at').on('activities').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['activities', 'plugins', 'admin_sessions', 'settings']) {
    await db.schema.dropTable(table).execute();
  }
}
