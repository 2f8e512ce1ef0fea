import { sql, type Kysely } from 'kysely';

// One pending order per buyer's checkout (docs/checkout.md, "Trying again"): `checkout_key` names what the buyer
// is buying (provider, e-mail, plugin, amount, currency) while the order waits for payment; a new attempt
// reuses the order with that key. Unique among pending orders, so two attempts at once cannot make two.
// Null for orders made before this migration and for orders made by a webhook.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('checkout_key', 'text').execute();
  await db.schema.createIndex('orders_pending_checkout_key').on('orders').column('checkout_key').unique().where(sql.ref('status'), '=', 'pending').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_pending_checkout_key').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_key').execute();
}
