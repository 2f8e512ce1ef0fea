import type { Kysely } from 'kysely';

// `orders.refund_claimed_at` (issue 37, docs/checkout.md "Refunds"): an admin refund claims its order with one
// conditional UPDATE before calling the payment provider, so concurrent refunds of one order (on SQLite and on
// PostgreSQL, in one process or several) make one provider call; the others answer 409. A claim older than the
// lease (refund-order.ts) is stale: its process died mid-call, and a new refund may claim the order again (the
// provider's idempotency key makes it the same refund). Null: never claimed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('refund_claimed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refund_claimed_at').execute();
}
