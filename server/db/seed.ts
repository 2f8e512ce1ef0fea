import type { Database } from './database.js';
import { nowIso } from '../lib/time.js';
import { DEMO_STORE_IDENTITY, STORE_IDENTITY_KEY } from '../../common/store-identity.js';
import { demoStorePages } from './demo-pages.js';

export const POSTCODE_PLUGIN_SLUG = 'postcode-delivery-zones';
export const LICENSING_PLUGIN_SLUG = 'ucre';

/**
 * The demo catalogue of the specification: the postcode plugin (purchasable, £49) and the licensing
 * plugin (£99, Coming Soon), and the demo store identity. Runs once, on a database with no plugins.
 */
export async function seedDemoCatalog(db: Database): Promise<boolean> {
  const existing = await db.selectFrom('plugins').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = nowIso();
  await db
    .insertInto('plugins')
    .values([
      {
        slug: POSTCODE_PLUGIN_SLUG,
        name: 'Postcode Delivery Zones',
        description:
          'Control WooCommerce delivery by UK postcode: allow, block and price delivery by area, sector or full postcode, with free-delivery thresholds and date surcharges.',
        current_version: '1.7.51',
        active: 1,
        pricing_active: 1,
        is_free: 0,
        currency: 'GBP',
        price: 4900,
        category: 'shipping',
        rating: 4.8,
        review_count: 156,
        downloads_label: '2,500+',
        is_popular: 1,
        is_featured: 1,
        features: JSON.stringify([
          'Postcode-based delivery zones',
          'Area, sector and full postcode rules',
          'Postcode blacklist',
          'Sector pricing',
          'Free delivery threshold',
          'Weekday and weekend surcharges',
          'Bulk postcode testing',
          'WooCommerce checkout integration',
        ]),
        benefits: JSON.stringify([
          'Deliver only where you can',
          'Charge the right delivery price for every postcode',
          'Fewer failed deliveries and refunds',
          'Set up in minutes',
        ]),
        requirements: JSON.stringify(['WordPress 6.0+', 'WooCommerce 7.0+', 'PHP 8.0+']),
        use_cases: JSON.stringify(['Local food delivery', 'Furniture and bulky goods', 'Florists', 'Regional wholesalers']),
        requires_wp: '6.0',
        tested_wp: '6.8',
        requires_php: '8.0',
        created_at: now,
        updated_at: now,
      },
      {
        slug: LICENSING_PLUGIN_SLUG,
        name: '8022 Licensing',
        description: 'Sell and license your own WordPress plugins: licence keys, activations, signed updates.',
        current_version: null,
        active: 1,
        pricing_active: 1,
        is_free: 0,
        currency: 'GBP',
        price: 9900,
        category: 'developer-tools',
        rating: 0,
        review_count: 0,
        downloads_label: '',
        is_popular: 0,
        is_featured: 1,
        features: JSON.stringify([
          'Licence keys with activation limits',
          'Site activations with local and staging exemption',
          'Signed WordPress updates',
          'Release management',
          'Card checkout with automatic licence e-mails',
          'Admin dashboard and REST API',
        ]),
        benefits: JSON.stringify(['Get paid for your plugins', 'Protect your work', 'Ship updates your customers can trust']),
        requirements: JSON.stringify(['WordPress 6.0+', 'PHP 8.0+']),
        use_cases: JSON.stringify(['Plugin vendors']),
        requires_wp: '6.0',
        tested_wp: '6.8',
        requires_php: '8.0',
        created_at: now,
        updated_at: now,
      },
    ])
    .execute();
  // Each priced plugin's base tier (migration 0020-price-tiers gives existing plugins the same): lifetime, 3 sites.
  const priced = await db.selectFrom('plugins').select(['slug', 'price', 'discount_price', 'currency']).where('price', '>', 0).orderBy('id').execute();
  for (const plugin of priced) {
    await db
      .insertInto('plugin_prices')
      .values({
        plugin_slug: plugin.slug,
        name: 'Standard',
        sites: 3,
        term: 'lifetime',
        amount: plugin.price as number,
        sale_amount:
          plugin.discount_price !== null && plugin.discount_price > 0 && plugin.discount_price < (plugin.price as number) ? plugin.discount_price : null,
        currency: plugin.currency,
        renewal_discount_percent: 0,
        active: 1,
        sort_order: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  // The demo shop's name, tagline and support address are the specification's (docs/storefront.md, "Store identity").
  await db
    .insertInto('settings')
    .values({ key: STORE_IDENTITY_KEY, value: JSON.stringify(DEMO_STORE_IDENTITY), updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await db
    .insertInto('store_pages')
    .values(demoStorePages(now))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  return true;
}
