import type { Kysely } from 'kysely';

// Issue 26, the last slices (docs/pricing.md "Lemon Squeezy" and "Upgrades").
// - `plugin_prices.lemonsqueezy_variant_id`: the Lemon Squeezy variant a tier is sold as when Lemon Squeezy is the
//   shop's provider (its numeric id, what the `order_created` webhook names in `first_order_item.variant_id`); null:
//   the tier is not sold through Lemon Squeezy.
// - `orders.from_price_id`, `orders.from_max_activations`: the tier and site limit an upgrade order moved its licence
//   from, written when the upgrade is paid, so refunding it moves the licence back. Null for other orders and for
//   upgrades paid before this migration (their refund leaves the tier as it is).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plugin_prices').addColumn('lemonsqueezy_variant_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('from_price_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('from_max_activations', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('from_max_activations').execute();
  await db.schema.alterTable('orders').dropColumn('from_price_id').execute();
  await db.schema.alterTable('plugin_prices').dropColumn('lemonsqueezy_variant_id').execute();
}
