import type { Transaction, Updateable } from 'kysely';
import { unitOfWork, type UnitContext } from '../../kernel/events.js';
import type { Database, Db } from '../../db/database.js';
import type { DB, PluginsTable } from '../../db/schema.js';
import { fromBool } from '../../db/portable.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { AdminPlugin } from '../../../common/plugins.js';
import type { AdminPluginDetailWithSale, PluginCreate, PluginPatch } from '../../../common/plugin-admin.js';
import { recordActivity } from '../activities/index.js';
import { moveImagesToSlug } from '../images/index.js';
import { countLicensesOfPlugin } from '../licenses/index.js';
import { countReleasesOfPlugin } from '../releases/index.js';
import { findPluginByEddItemId, findPluginBySlug, insertPlugin, lockPlugin, toAdminPlugin, updatePluginBySlug, type PluginRow } from '../plugins/index.js';
import { mirrorPluginPricingToTier, moveTiersToSlug } from '../prices/index.js';
import { isUniqueViolation } from '../../db/portable.js';
import { pluginSaleStatus } from './sale-status.js';

const notFound = (slug: string) => new AppError('NOT_FOUND', `No plugin with slug "${slug}"`);
const slugTaken = (slug: string) => new AppError('CONFLICT', `A plugin with the slug "${slug}" already exists: choose another slug`);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The columns a patch or a new plugin sets: only the fields it carries; empty optional texts are stored as null. */
export function toPluginChanges(patch: Omit<PluginPatch, 'slug' | 'retired'>): Updateable<PluginsTable> {
  const changes: Updateable<PluginsTable> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.long_description !== undefined) changes.long_description = patch.long_description;
  if (patch.category !== undefined) changes.category = patch.category;
  if (patch.features !== undefined) changes.features = JSON.stringify(patch.features);
  if (patch.benefits !== undefined) changes.benefits = JSON.stringify(patch.benefits);
  if (patch.requirements !== undefined) changes.requirements = JSON.stringify(patch.requirements);
  if (patch.use_cases !== undefined) changes.use_cases = JSON.stringify(patch.use_cases);
  if (patch.faq !== undefined) changes.faq = JSON.stringify(patch.faq.map(({ question, answer }) => ({ question, answer })));
  if (patch.homepage !== undefined) changes.homepage = patch.homepage || null;
  if (patch.documentation_url !== undefined) changes.documentation_url = patch.documentation_url || null;
  if (patch.author !== undefined) changes.author = patch.author || null;
  if (patch.is_featured !== undefined) changes.is_featured = fromBool(patch.is_featured);
  if (patch.lemonsqueezy_product_id !== undefined) changes.lemonsqueezy_product_id = patch.lemonsqueezy_product_id || null;
  if (patch.price !== undefined) changes.price = patch.price;
  if (patch.discount_price !== undefined) changes.discount_price = patch.discount_price;
  if (patch.currency !== undefined) changes.currency = patch.currency;
  if (patch.price_display !== undefined) changes.price_display = patch.price_display || null;
  if (patch.discount_display !== undefined) changes.discount_display = patch.discount_display || null;
  if (patch.is_free !== undefined) changes.is_free = fromBool(patch.is_free);
  if (patch.pricing_active !== undefined) changes.pricing_active = fromBool(patch.pricing_active);
  if (patch.edd_item_id !== undefined) changes.edd_item_id = patch.edd_item_id;
  if (patch.edd_item_name !== undefined) changes.edd_item_name = patch.edd_item_name || null;
  return changes;
}

/**
 * Retiring takes the plugin off sale: `active` (what the catalogue, checkout and public images read) is
 * cleared and the moment kept. Licences, activations, releases and update checks never read either column,
 * so existing customers keep validating and updating.
 */
function retireChanges(row: PluginRow, retired: boolean | undefined, now: string): Updateable<PluginsTable> {
  if (retired === undefined) return {};
  if (!retired) return { active: 1, retired_at: null };
  return { active: 0, retired_at: row.retired_at ?? now };
}

/** What a new plugin starts with: active, no price (so not for sale), no display data. */
const NEW_PLUGIN_DEFAULTS = {
  description: '',
  active: 1,
  pricing_active: 0,
  is_free: 0,
  currency: 'GBP',
  category: 'developer-tools',
  rating: 0,
  review_count: 0,
  downloads_label: '',
  is_popular: 0,
  is_featured: 0,
  features: '[]',
  benefits: '[]',
  requirements: '[]',
  use_cases: '[]',
} as const;

/** A new plugin: on the catalogue at once but not for sale until it has pricing and a qualifying release. */
export async function createPlugin(ctx: UnitContext, input: PluginCreate): Promise<AdminPlugin> {
  const { db } = ctx;
  const now = nowIso();
  const { slug, ...fields } = input;
  const changes = toPluginChanges(fields);
  const inserted = await unitOfWork(ctx, async ({ trx }) => {
    const isNew = await insertPlugin(trx, { ...NEW_PLUGIN_DEFAULTS, ...changes, slug, name: fields.name, created_at: now, updated_at: now });
    if (isNew) await recordActivity(trx, 'plugin_created', { plugin_slug: slug, name: fields.name }, now);
    const created = isNew ? await findPluginBySlug(trx, slug) : undefined;
    if (created) await mirrorPluginPricingToTier(trx, created, now);
    return isNew;
  });
  if (!inserted) throw slugTaken(slug);
  const row = await findPluginBySlug(db, slug);
  if (!row) throw notFound(slug);
  return toAdminPlugin(row);
}

/** How many licences and releases name the slug: either fixes it (sites and zips carry it). */
async function countSlugReferences(db: Db, slug: string): Promise<{ licenses: number; releases: number }> {
  const licenses = await countLicensesOfPlugin(db, slug);
  const releases = await countReleasesOfPlugin(db, slug);
  return { licenses, releases };
}

/** Refuses a slug change once anything outside this plugin's own rows carries the slug. */
async function checkSlugChange(trx: Transaction<DB>, row: PluginRow, to: string): Promise<void> {
  const { licenses, releases } = await countSlugReferences(trx, row.slug);
  if (licenses > 0) {
    throw new AppError(
      'CONFLICT',
      `The slug of ${row.name} can no longer change: "${row.slug}" is already used by ${plural(licenses, 'licence')}, and WordPress sites send it to validate and update`,
    );
  }
  if (releases > 0) {
    throw new AppError(
      'CONFLICT',
      `The slug of ${row.name} can no longer change: "${row.slug}" is already used by ${plural(releases, 'release')}, whose zips are built in a folder of that name`,
    );
  }
  if (await findPluginBySlug(trx, to)) throw slugTaken(to);
  await moveImagesToSlug(trx, row.slug, to);
}

export async function updatePlugin(ctx: UnitContext, slug: string, patch: PluginPatch): Promise<AdminPlugin> {
  const { db } = ctx;
  const { slug: newSlug, retired, ...fields } = patch;
  const finalSlug = newSlug ?? slug;
  try {
    await unitOfWork(ctx, async ({ trx }) => {
      const row = await lockPlugin(trx, slug);
      if (!row) throw notFound(slug);
      const now = nowIso();
      if (newSlug !== undefined && newSlug !== slug) await checkSlugChange(trx, row, newSlug);
      const changes = { ...toPluginChanges(fields), ...retireChanges(row, retired, now), slug: finalSlug, updated_at: now };
      await updatePluginBySlug(trx, slug, changes);
      if (finalSlug !== slug) await moveTiersToSlug(trx, slug, finalSlug);
      const updated = await findPluginBySlug(trx, finalSlug);
      if (updated && ('price' in changes || 'discount_price' in changes || 'currency' in changes)) await mirrorPluginPricingToTier(trx, updated, now);
      // Retiring is its own entry (the plugin went off sale); every other edit, un-retiring too, is an update.
      const type = retired === true && !row.retired_at ? 'plugin_retired' : 'plugin_updated';
      await recordActivity(trx, type, { plugin_slug: finalSlug, ...(finalSlug !== slug && { previous_slug: slug }) }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error) && patch.edd_item_id != null && (await findPluginByEddItemId(db, patch.edd_item_id))?.slug !== slug) {
      throw new AppError('CONFLICT', `Another plugin already has the EDD item ID ${patch.edd_item_id}`);
    }
    if (isUniqueViolation(error)) throw slugTaken(finalSlug);
    throw error;
  }
  const row = await findPluginBySlug(db, finalSlug);
  if (!row) throw notFound(finalSlug);
  return toAdminPlugin(row);
}

/** The plugin, what refers to its slug, and whether it is on sale under `minimumVersion` (the setting). */
export async function getPluginDetail(db: Database, slug: string, minimumVersion: string): Promise<AdminPluginDetailWithSale> {
  const row = await findPluginBySlug(db, slug);
  if (!row) throw notFound(slug);
  const plugin = toAdminPlugin(row);
  const { licenses, releases } = await countSlugReferences(db, slug);
  const sale_status = await pluginSaleStatus(db, plugin, minimumVersion);
  return { ...plugin, licence_count: licenses, release_count: releases, is_slug_locked: licenses + releases > 0, sale_status };
}
