import type { Transaction } from 'kysely';
import { unitOfWork, type UnitContext } from '../../kernel/events.js';
import type { Database, Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { AdminPrice, PriceCreate, PricePatch, PublicPrice } from '../../../common/prices.js';
import { fromBool } from '../../db/portable.js';
import { recordActivity } from '../activities/index.js';
import { findPluginBySlug, lockPlugin, updatePluginBySlug, type PluginRow } from '../plugins/index.js';
import {
  findBaseTier,
  findPriceById,
  insertPrice,
  listActivePrices,
  listPricesOfPlugin,
  toAdminPrice,
  toPublicPrice,
  updatePrice,
  type PriceRow,
} from './prices.repository.js';

// Price tiers (docs/pricing.md). A plugin's base tier (its first, lowest id) mirrors the plugin's own price fields
// both ways: the Pricing form (PATCH /api/admin/plugins/{slug}) moves the tier, and editing the tier's amounts moves
// the plugin's price, discount and currency, so the catalogue card, the specification's price display and
// checkout never disagree.

export { findPriceById, moveTiersToSlug, toPublicPrice, type PriceRow } from './prices.repository.js';

const BASE_TIER = {
  name: 'Standard',
  sites: 3,
  term: 'lifetime',
  renewal_discount_percent: 0,
  active: true,
  sort_order: 0,
  lemonsqueezy_variant_id: null,
  lemonsqueezy_checkout_link: null,
} as const;

const pluginNotFound = (slug: string) => new AppError('NOT_FOUND', `No plugin with the slug "${slug}"`);

export async function listAdminPrices(db: Database, slug: string): Promise<AdminPrice[]> {
  if (!(await findPluginBySlug(db, slug))) throw pluginNotFound(slug);
  return (await listPricesOfPlugin(db, slug)).map(toAdminPrice);
}

/** Active tiers by plugin slug, in the vendor's order, for the public catalogue (one query for all plugins). */
export async function publicPricesBySlug(db: Database, slugs: string[]): Promise<Map<string, PublicPrice[]>> {
  const bySlug = new Map<string, PublicPrice[]>();
  for (const row of await listActivePrices(db, slugs)) {
    const list = bySlug.get(row.plugin_slug) ?? [];
    list.push(toPublicPrice(row));
    bySlug.set(row.plugin_slug, list);
  }
  return bySlug;
}

async function mirrorTierToPlugin(trx: Transaction<DB>, tier: PriceRow, at: string): Promise<void> {
  const base = await findBaseTier(trx, tier.plugin_slug);
  if (base?.id !== tier.id) return;
  await updatePluginBySlug(trx, tier.plugin_slug, { price: tier.amount, discount_price: tier.sale_amount, currency: tier.currency, updated_at: at });
}

export async function createPrice(ctx: UnitContext, slug: string, input: PriceCreate): Promise<AdminPrice> {
  const at = nowIso();
  const row = await unitOfWork(ctx, async ({ trx }) => {
    if (!(await lockPlugin(trx, slug))) throw pluginNotFound(slug);
    const inserted = await insertPrice(trx, slug, input, at);
    await mirrorTierToPlugin(trx, inserted, at);
    await recordActivity(trx, 'price_created', { plugin_slug: slug, price_id: inserted.id, name: inserted.name }, at);
    return inserted;
  });
  return toAdminPrice(row);
}

export async function editPrice(ctx: UnitContext, id: number, patch: PricePatch): Promise<AdminPrice> {
  const at = nowIso();
  const row = await unitOfWork(ctx, async ({ trx }) => {
    const before = await findPriceById(trx, id);
    if (!before) throw new AppError('NOT_FOUND', `No price tier with the id ${id}`);
    await lockPlugin(trx, before.plugin_slug);
    const amount = patch.amount ?? before.amount;
    const sale = patch.sale_amount === undefined ? before.sale_amount : patch.sale_amount;
    if (sale !== null && sale >= amount) throw new AppError('BAD_REQUEST', 'sale_amount must be below amount (or null for no sale)');
    const { active, ...rest } = patch;
    await updatePrice(trx, id, { ...rest, ...(active !== undefined && { active: fromBool(active) }), updated_at: at });
    const after = (await findPriceById(trx, id)) as PriceRow;
    if (patch.amount !== undefined || patch.sale_amount !== undefined || patch.currency !== undefined) await mirrorTierToPlugin(trx, after, at);
    await recordActivity(trx, 'price_updated', { plugin_slug: after.plugin_slug, price_id: id, changed: Object.keys(patch) }, at);
    return after;
  });
  return toAdminPrice(row);
}

/**
 * Called by the plugin's edit, in its transaction, after its row changed: the base tier follows the plugin's price,
 * discount and currency; a plugin given its first price gets its base tier (lifetime, 3 sites, as every sale was
 * before tiers).
 */
export async function mirrorPluginPricingToTier(trx: Transaction<DB>, plugin: PluginRow, at: string): Promise<void> {
  const base = await findBaseTier(trx, plugin.slug);
  if (plugin.price === null || plugin.price <= 0) return; // a tier needs an amount; the plugin is not for sale by price then
  const sale = plugin.discount_price !== null && plugin.discount_price > 0 && plugin.discount_price < plugin.price ? plugin.discount_price : null;
  if (base) {
    await updatePrice(trx, base.id, { amount: plugin.price, sale_amount: sale, currency: plugin.currency, updated_at: at });
    return;
  }
  await insertPrice(trx, plugin.slug, { ...BASE_TIER, amount: plugin.price, sale_amount: sale, currency: plugin.currency as PriceCreate['currency'] }, at);
}

/**
 * The tier a checkout buys: the one named (active, of this plugin), or without a name the plugin's first active
 * tier (the request shape from before tiers). Refusals are 4xx with a reason; nothing has been written yet.
 */
export async function resolveCheckoutTier(db: Db, slug: string, priceId: number | undefined): Promise<PriceRow> {
  if (priceId === undefined) {
    const first = (await listActivePrices(db, [slug]))[0];
    if (!first) throw new AppError('UNPROCESSABLE', `This plugin is not available for purchase. (${slug} has no active price)`);
    return first;
  }
  const tier = await findPriceById(db, priceId);
  if (!tier) throw new AppError('NOT_FOUND', `No price tier with the id ${priceId}`);
  if (tier.plugin_slug !== slug) throw new AppError('UNPROCESSABLE', `Price tier ${priceId} belongs to another plugin than ${slug}`);
  if (tier.active !== 1) throw new AppError('UNPROCESSABLE', `Price tier ${priceId} (${tier.name}) is no longer on sale. Reload the page and choose again.`);
  return tier;
}
