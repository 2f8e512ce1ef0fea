import type { Selectable, Updateable } from 'kysely';
import type { PluginPricesTable } from '../../db/schema.js';
import { fromBool, toBool } from '../../db/portable.js';
import type { AdminPrice, PriceCreate, PriceTerm, PublicPrice } from '../../../common/prices.js';
import type { Currency } from '../../../common/plugins.js';
import type { Db } from '../../db/database.js';

// The only place that builds SQL on plugin_prices (owner: the prices module).

export type PriceRow = Selectable<PluginPricesTable>;
const ordered = (db: Db) => db.selectFrom('plugin_prices').selectAll().orderBy('sort_order').orderBy('id');

export async function listPricesOfPlugin(db: Db, slug: string): Promise<PriceRow[]> {
  return ordered(db).where('plugin_slug', '=', slug).execute();
}

/** The active tiers of several plugins at once (the catalogue answers every plugin in one query). */
export async function listActivePrices(db: Db, slugs: string[]): Promise<PriceRow[]> {
  if (slugs.length === 0) return [];
  return ordered(db).where('plugin_slug', 'in', slugs).where('active', '=', 1).execute();
}

export async function findPriceById(db: Db, id: number): Promise<PriceRow | undefined> {
  return db.selectFrom('plugin_prices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The plugin's base tier: its first one ever (lowest id), the one that mirrors the plugin's own price fields. */
export async function findBaseTier(db: Db, slug: string): Promise<PriceRow | undefined> {
  return db.selectFrom('plugin_prices').selectAll().where('plugin_slug', '=', slug).orderBy('id').limit(1).executeTakeFirst();
}

export async function insertPrice(db: Db, slug: string, input: PriceCreate, at: string): Promise<PriceRow> {
  return db
    .insertInto('plugin_prices')
    .values({
      plugin_slug: slug,
      name: input.name,
      sites: input.sites,
      term: input.term,
      amount: input.amount,
      sale_amount: input.sale_amount,
      currency: input.currency,
      renewal_discount_percent: input.renewal_discount_percent,
      active: fromBool(input.active),
      sort_order: input.sort_order,
      lemonsqueezy_variant_id: input.lemonsqueezy_variant_id,
      lemonsqueezy_checkout_link: input.lemonsqueezy_checkout_link,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePrice(db: Db, id: number, changes: Updateable<PluginPricesTable>): Promise<void> {
  await db.updateTable('plugin_prices').set(changes).where('id', '=', id).execute();
}

/** A plugin's slug changed: its tiers follow. */
export async function moveTiersToSlug(db: Db, from: string, to: string): Promise<void> {
  await db.updateTable('plugin_prices').set({ plugin_slug: to }).where('plugin_slug', '=', from).execute();
}

export function toPublicPrice(row: PriceRow): PublicPrice {
  return {
    id: row.id,
    name: row.name,
    sites: row.sites,
    term: row.term as PriceTerm,
    amount: row.amount,
    sale_amount: row.sale_amount,
    currency: row.currency as Currency,
  };
}

export function toAdminPrice(row: PriceRow): AdminPrice {
  return {
    ...toPublicPrice(row),
    plugin_slug: row.plugin_slug,
    renewal_discount_percent: row.renewal_discount_percent,
    active: toBool(row.active),
    sort_order: row.sort_order,
    lemonsqueezy_variant_id: row.lemonsqueezy_variant_id,
    lemonsqueezy_checkout_link: row.lemonsqueezy_checkout_link,
  };
}

/** The tier sold as this Lemon Squeezy variant (the webhook's `first_order_item.variant_id`), if one is. */
export async function findPriceByLemonSqueezyVariant(db: Db, variantId: string): Promise<PriceRow | undefined> {
  return db.selectFrom('plugin_prices').selectAll().where('lemonsqueezy_variant_id', '=', variantId).orderBy('id').limit(1).executeTakeFirst();
}

/** Deletes a plugin's tiers: only for a plugin that sold nothing (no order or licence names them). */
export async function deleteTiersOfPlugin(db: Db, slug: string): Promise<void> {
  await db.deleteFrom('plugin_prices').where('plugin_slug', '=', slug).execute();
}
