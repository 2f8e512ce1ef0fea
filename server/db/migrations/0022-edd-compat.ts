import type { Kysely } from 'kysely';

// Issue 28: a plugin may carry the id and name its product had in Easy Digital Downloads, so the plugins
// already sold there keep asking `?edd_action=...` with their `item_id` or `item_name` and reach it here
// (server/modules/edd-compat). The id is unique: one EDD product is one plugin.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plugins').addColumn('edd_item_id', 'integer').execute();
  await db.schema.alterTable('plugins').addColumn('edd_item_name', 'text').execute();
  await db.schema.createIndex('plugins_edd_item_id').unique().on('plugins').column('edd_item_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('plugins_edd_item_id').execute();
  await db.schema.alterTable('plugins').dropColumn('edd_item_name').execute();
  await db.schema.alterTable('plugins').dropColumn('edd_item_id').execute();
}
