import type { Kysely } from 'kysely';

// The provider's order reference on each payment event, so a refund that arrives before its order
// (outcome `refund_pending`) is found and applied when the order comes in. Events stored before this
// migration keep null: they were all settled already.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_events').addColumn('provider_ref', 'text').execute();
  await db.schema.createIndex('payment_events_provider_ref').on('payment_events').columns(['provider', 'provider_ref']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_events_provider_ref').execute();
  await db.schema.alterTable('payment_events').dropColumn('provider_ref').execute();
}
