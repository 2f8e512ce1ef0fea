import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Postcode delivery zones: delivery and blacklist rules, sector pricing entries and the engine settings.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('postcode_rules'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('price', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('postcode_rules_kind_value', ['kind', 'value'])
    .execute();

  await addIdColumn(db, db.schema.createTable('postcode_sector_pricing'))
    .addColumn('sector', 'text', (c) => c.notNull().unique())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('postcode_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('postcode_settings').execute();
  await db.schema.dropTable('postcode_sector_pricing').execute();
  await db.schema.dropTable('postcode_rules').execute();
}
