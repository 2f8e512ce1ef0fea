import type { Kysely } from 'kysely';

// Limited coupons are reserved, not spent, by an unpaid checkout (issue 37; docs/pricing.md "Coupons"). A
// coupon_redemptions row is now a reservation first ('reserved' until `reserved_until`, made from `client_address`)
// and a redemption once its order is paid ('redeemed'); a cancelled or replaced checkout marks it 'released'. Rows
// written before this migration were counted when their order was made, so they stay 'redeemed'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('coupon_redemptions')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('redeemed'))
    .execute();
  await db.schema.alterTable('coupon_redemptions').addColumn('reserved_until', 'text').execute();
  await db.schema.alterTable('coupon_redemptions').addColumn('client_address', 'text').execute();
  await db.schema.createIndex('coupon_redemptions_live').on('coupon_redemptions').columns(['coupon_id', 'status', 'reserved_until']).execute();
  await db.schema.createIndex('coupon_redemptions_address').on('coupon_redemptions').columns(['coupon_id', 'client_address']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('coupon_redemptions_address').execute();
  await db.schema.dropIndex('coupon_redemptions_live').execute();
  for (const column of ['client_address', 'reserved_until', 'status']) await db.schema.alterTable('coupon_redemptions').dropColumn(column).execute();
}
