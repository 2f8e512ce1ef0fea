import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PluginsTable } from '../../db/schema.js';
import { parseJsonList, toBool } from '../../db/portable.js';
import { CURRENCIES, type AdminPlugin, type Currency } from '../../../common/plugins.js';

export type PluginRow = Selectable<PluginsTable>;

export async function findPluginBySlug(db: Database, slug: string): Promise<PluginRow | undefined> {
  return db.selectFrom('plugins').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function listPlugins(db: Database): Promise<PluginRow[]> {
  return db.selectFrom('plugins').selectAll().orderBy('name').execute();
}

export function toAdminPlugin(row: PluginRow): AdminPlugin {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    current_version: row.current_version,
    active: toBool(row.active),
    lemonsqueezy_product_id: row.lemonsqueezy_product_id,
    pricing_active: toBool(row.pricing_active),
    is_free: toBool(row.is_free),
    currency: (CURRENCIES as readonly string[]).includes(row.currency) ? (row.currency as Currency) : 'GBP',
    price: row.price,
    discount_price: row.discount_price,
    price_display: row.price_display,
    discount_display: row.discount_display,
    long_description: row.long_description,
    category: row.category,
    features: parseJsonList(row.features),
    benefits: parseJsonList(row.benefits),
    requirements: parseJsonList(row.requirements),
    homepage: row.homepage,
    documentation_url: row.documentation_url,
    author: row.author,
    is_featured: toBool(row.is_featured),
    retired_at: row.retired_at,
  };
}
