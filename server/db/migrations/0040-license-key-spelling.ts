import type { Kysely } from 'kysely';

// `licenses.key_spelling` (docs/migrating.md): an imported key as its source spelled it (`abcd-…` where `key`
// holds the canonical upper case every key is looked up in), shown to the buyer and the admin as they knew it.
// Null: the key is shown as stored (every key this shop makes, and imported keys already in upper case).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('licenses').addColumn('key_spelling', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('licenses').dropColumn('key_spelling').execute();
}
