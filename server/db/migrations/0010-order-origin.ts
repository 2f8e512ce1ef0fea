import type { Kysely } from 'kysely';

// The origin (scheme://host[:port]) of the request that created the order: the licence e-mail links there
// while no base URL is set (docs/checkout.md). Null for orders made before this migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('origin', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('origin').execute();
}
