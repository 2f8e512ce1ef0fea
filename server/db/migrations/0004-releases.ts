import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('releases'))
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip_path', 'text', (c) => c.notNull().unique())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('sha384', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('releases_plugin_version', ['plugin_slug', 'version'])
    .execute();
  await db.schema.createIndex('releases_plugin_created').on('releases').columns(['plugin_slug', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('releases').execute();
}
