import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every file the upload call stored: a POST of an image record must name one of these.
  await db.schema
    .createTable('image_uploads')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('variant_widths', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('plugin_images'))
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('upload_name', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plugin_images_plugin').on('plugin_images').columns(['plugin_slug', 'sort_order']).execute();
  // At most one primary image per plugin, whatever runs concurrently (partial unique index, both dialects).
  await sql`create unique index plugin_images_one_primary on plugin_images (plugin_slug) where is_primary = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plugin_images').execute();
  await db.schema.dropTable('image_uploads').execute();
}
