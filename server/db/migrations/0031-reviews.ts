import { type Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Verified-buyer reviews and real numbers (issue 25, docs/storefront.md "Reviews and numbers").
// `reviews`: one per buyer's address (lower case) and plugin, owned by the reviews module; an edit by its author sets it
// back to pending. `plugins.download_count`: release packages served by the machine download route
// (server/modules/releases/releases-machine.routes.ts); the storefront shows it once above zero, instead of the
// row's `downloads_label` (the seeded demo plugin's specification text, which stays until real downloads exist).
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('reviews'))
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reviews_plugin_email', ['plugin_slug', 'email'])
    .execute();
  await db.schema.createIndex('reviews_plugin_status').on('reviews').columns(['plugin_slug', 'status']).execute();
  await db.schema.createIndex('reviews_status_updated').on('reviews').columns(['status', 'updated_at']).execute();
  await db.schema
    .alterTable('plugins')
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reviews').ifExists().execute();
  await db.schema.alterTable('plugins').dropColumn('download_count').execute();
}
