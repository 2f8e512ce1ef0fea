import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Price tiers, coupons and the seams of renewals and upgrades (issue 26; docs/pricing.md).
// - plugin_prices: what a plugin sells (sites, term, amount). Every plugin with a price gets one tier mirroring it
//   (lifetime, 3 sites, its price and discount), so what the storefront shows and charges stays as it was.
// - orders.price_id / kind / coupon_id / discount_amount: what an order bought, why, and the coupon's share.
// - licenses.price_id: the tier a licence was sold from (renewals and upgrades start there); null for licences
//   made by hand or before this migration.
// - coupons and coupon_redemptions: discount codes; one redemption per order, counted in the order's transaction.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('plugin_prices'))
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sites', 'integer') // null = unlimited
    .addColumn('term', 'text', (c) => c.notNull()) // lifetime | year | month
    .addColumn('amount', 'integer', (c) => c.notNull()) // minor units
    .addColumn('sale_amount', 'integer') // counts only when above 0 and below amount
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('renewal_discount_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plugin_prices_plugin').on('plugin_prices').columns(['plugin_slug', 'sort_order']).execute();

  const now = new Date().toISOString();
  await sql`insert into plugin_prices (plugin_slug, name, sites, term, amount, sale_amount, currency, renewal_discount_percent, active, sort_order, created_at, updated_at)
    select slug, 'Standard', 3, 'lifetime', price, case when discount_price > 0 and discount_price < price then discount_price else null end,
      currency, 0, 1, 0, ${now}, ${now} from plugins where price > 0 order by id`.execute(db);

  await db.schema.alterTable('orders').addColumn('price_id', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('new'))
    .execute(); // new | renewal | upgrade
  await db.schema.alterTable('orders').addColumn('coupon_id', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('licenses').addColumn('price_id', 'integer').execute();

  await addIdColumn(db, db.schema.createTable('coupons'))
    .addColumn('code', 'text', (c) => c.notNull().unique()) // upper case
    .addColumn('kind', 'text', (c) => c.notNull()) // percent | fixed
    .addColumn('value', 'integer', (c) => c.notNull()) // percent 1-100, or minor units of `currency`
    .addColumn('currency', 'text') // fixed amounts only
    .addColumn('plugin_slugs', 'text', (c) => c.notNull().defaultTo('[]')) // JSON string[]; [] with no price ids = all
    .addColumn('price_ids', 'text', (c) => c.notNull().defaultTo('[]')) // JSON number[]
    .addColumn('for_new', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('for_renewals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('max_redemptions', 'integer')
    .addColumn('max_per_buyer', 'integer')
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await addIdColumn(db, db.schema.createTable('coupon_redemptions'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull()) // lower case
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_redemptions_buyer').on('coupon_redemptions').columns(['coupon_id', 'email']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_redemptions').execute();
  await db.schema.dropTable('coupons').execute();
  await db.schema.alterTable('licenses').dropColumn('price_id').execute();
  for (const column of ['discount_amount', 'coupon_id', 'kind', 'price_id']) await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.dropTable('plugin_prices').execute();
}
