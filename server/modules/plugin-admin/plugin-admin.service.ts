import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PluginsTable } from '../../db/schema.js';
import { fromBool } from '../../db/portable.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { AdminPlugin } from '../../../common/plugins.js';
import type { PluginPatch } from '../../../common/plugin-admin.js';
import { findPluginBySlug, toAdminPlugin } from '../plugins/plugins.repository.js';
import { updatePluginBySlug } from './plugin-admin.repository.js';

/** The columns a patch changes: only the fields it carries; empty display texts are stored as null. */
export function toPluginChanges(patch: PluginPatch): Updateable<PluginsTable> {
  const changes: Updateable<PluginsTable> = {};
  if (patch.lemonsqueezy_product_id !== undefined) changes.lemonsqueezy_product_id = patch.lemonsqueezy_product_id || null;
  if (patch.price !== undefined) changes.price = patch.price;
  if (patch.discount_price !== undefined) changes.discount_price = patch.discount_price;
  if (patch.currency !== undefined) changes.currency = patch.currency;
  if (patch.price_display !== undefined) changes.price_display = patch.price_display || null;
  if (patch.discount_display !== undefined) changes.discount_display = patch.discount_display || null;
  if (patch.is_free !== undefined) changes.is_free = fromBool(patch.is_free);
  if (patch.pricing_active !== undefined) changes.pricing_active = fromBool(patch.pricing_active);
  return changes;
}

export async function updatePlugin(db: Database, slug: string, patch: PluginPatch): Promise<AdminPlugin> {
  const updated = await updatePluginBySlug(db, slug, { ...toPluginChanges(patch), updated_at: nowIso() });
  if (!updated) throw new AppError('NOT_FOUND', `No plugin with slug "${slug}"`);
  const row = await findPluginBySlug(db, slug);
  if (!row) throw new AppError('NOT_FOUND', `No plugin with slug "${slug}"`);
  return toAdminPlugin(row);
}
