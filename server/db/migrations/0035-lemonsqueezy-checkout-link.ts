import type { Kysely } from 'kysely';

// `plugin_prices.lemonsqueezy_checkout_link` (docs/pricing.md "Lemon Squeezy"): where Purchase sends the buyer for a
// tier sold through Lemon Squeezy. Its checkout link names the variant by its UUID, not by the numeric id of
// `lemonsqueezy_variant_id` (0033), which stays what the `order_created` webhook is matched on. Stored normalised by
// common/prices.ts: the whole link `https://{store}.lemonsqueezy.com/checkout/buy/{uuid}` as the vendor pasted it
// from Lemon Squeezy's Share button, or the UUID alone (the store is then the `lemonsqueezy_store` setting). Null: the
// tier cannot be bought through Lemon Squeezy yet; tiers sold as a variant before this migration have none until the
// vendor adds it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plugin_prices').addColumn('lemonsqueezy_checkout_link', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plugin_prices').dropColumn('lemonsqueezy_checkout_link').execute();
}
