import type { Kysely } from 'kysely';

// Renewals and upgrades (issue 26; docs/pricing.md "Renewals" and "Upgrades"). A renewal or upgrade order is for a
// licence that exists already: `orders.license_id` names the licence an order MADE (unique, one order each), so the
// licence a renewal extends or an upgrade raises is named by its own column, `target_license_id` (null for new
// sales). Indexed: the account and admin pages list a licence's renewals and upgrades.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('target_license_id', 'integer').execute();
  await db.schema.createIndex('orders_target_license').on('orders').column('target_license_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_target_license').execute();
  await db.schema.alterTable('orders').dropColumn('target_license_id').execute();
}
