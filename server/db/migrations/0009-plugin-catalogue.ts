import type { Kysely } from 'kysely';

// The vendor's own catalogue (docs/plugins.md): plugins created and edited in the admin. `description`
// stays the short description; these add the long one, the author, a documentation link and the retire mark
// (retired_at set ⇔ off sale; `active` is cleared with it so every on-sale check keeps reading one column).
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema
    .alterTable('plugins')
    .addColumn('long_description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const column of ['author', 'documentation_url', 'retired_at']) {
    await db.schema.alterTable('plugins').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['long_description', 'author', 'documentation_url', 'retired_at']) {
    await db.schema.alterTable('plugins').dropColumn(column).execute();
  }
}
