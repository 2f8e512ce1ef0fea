import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { DB, PluginsTable } from '../../db/schema.js';
import { isPostgres, parseJsonList, toBool } from '../../db/portable.js';
import { CURRENCIES, type AdminPlugin, type Currency, type PluginFaqEntry } from '../../../common/plugins.js';

// Every query on the `plugins` table lives here (docs/architecture.md, "One owner per table"): other modules
// (catalogue, checkout, images, licences, releases, webhooks) call these functions rather than writing SQL on it.

export type PluginRow = Selectable<PluginsTable>;

/**
 * Writes of this process that may change EDD items. On PostgreSQL edd-item-reader.ts keeps the items it read until
 * a commit's notification (0090) says they changed; this count makes this server drop what it read at once when it
 * writes itself, without waiting for its own notification.
 */
let itemWrites = 0;
export const pluginItemWrites = (): number => itemWrites;
export const notePluginItemWrite = (): void => {
  itemWrites += 1;
};
export async function findPluginBySlug(db: Db, slug: string): Promise<PluginRow | undefined> {
  return db.selectFrom('plugins').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function listPlugins(db: Database): Promise<PluginRow[]> {
  return db.selectFrom('plugins').selectAll().orderBy('name').execute();
}

/** Plugins a visitor may see: the active ones, by name (retiring a plugin clears `active`: docs/plugins.md). */
export async function listActivePlugins(db: Database): Promise<PluginRow[]> {
  return db.selectFrom('plugins').selectAll().where('active', '=', 1).orderBy('name').execute();
}

/** The plugin a Lemon Squeezy product is mapped to (the admin's `lemonsqueezy_product_id`), if any. */
export async function findPluginByLemonSqueezyProduct(db: Database, productId: string): Promise<Pick<PluginRow, 'slug' | 'currency'> | undefined> {
  return db.selectFrom('plugins').select(['slug', 'currency']).where('lemonsqueezy_product_id', '=', productId).executeTakeFirst();
}

/** The plugin an Easy Digital Downloads product id is mapped to (server/modules/edd-compat), if any. */
export async function findPluginByEddItemId(db: Db, itemId: number): Promise<PluginRow | undefined> {
  return db.selectFrom('plugins').selectAll().where('edd_item_id', '=', itemId).executeTakeFirst();
}

/** Every plugin's EDD item (its id, EDD item name and own name), by id: edd-compat matches names as EDD does. */
export async function listEddItemPlugins(db: Db): Promise<Array<Pick<PluginRow, 'slug' | 'name' | 'edd_item_id' | 'edd_item_name'>>> {
  return db.selectFrom('plugins').select(['slug', 'name', 'edd_item_id', 'edd_item_name']).orderBy('id').execute();
}

/** Every plugin's `current_version` that is set (the dashboard's version figures). */
export async function listCurrentVersions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('plugins').select('current_version').where('current_version', 'is not', null).execute();
  return rows.map((row) => row.current_version).filter((version): version is string => version !== null);
}

/** Inserts the plugin unless its slug is taken (the unique index decides, so two racing creates cannot both win). */
export async function insertPlugin(db: Db, plugin: Insertable<PluginsTable>): Promise<boolean> {
  notePluginItemWrite();
  const row = await db
    .insertInto('plugins')
    .values(plugin)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePluginBySlug(db: Db, slug: string, changes: Updateable<PluginsTable>): Promise<boolean> {
  notePluginItemWrite();
  const result = await db.updateTable('plugins').set(changes).where('slug', '=', slug).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The plugin row, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time):
 * serialises edits of one plugin, its image changes and its releases' effect on `current_version`.
 */
export async function lockPlugin(trx: Transaction<DB>, slug: string): Promise<PluginRow | undefined> {
  let query = trx.selectFrom('plugins').selectAll().where('slug', '=', slug);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The row's FAQ (0034): entries with a text question and answer; anything else in the JSON is skipped. */
export function parseFaq(value: string | null | undefined): PluginFaqEntry[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      const entry = item as { question?: unknown; answer?: unknown } | null;
      return entry && typeof entry.question === 'string' && typeof entry.answer === 'string' ? [{ question: entry.question, answer: entry.answer }] : [];
    });
  } catch {
    return [];
  }
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
    use_cases: parseJsonList(row.use_cases),
    faq: parseFaq(row.faq),
    homepage: row.homepage,
    documentation_url: row.documentation_url,
    author: row.author,
    is_featured: toBool(row.is_featured),
    retired_at: row.retired_at,
    edd_item_id: row.edd_item_id,
    edd_item_name: row.edd_item_name,
  };
}

/** One release package served (server/modules/releases/releases-machine.routes.ts): one UPDATE, no read. */
export async function countPluginDownload(db: Db, slug: string): Promise<void> {
  await db
    .updateTable('plugins')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('slug', '=', slug)
    .execute();
}

/** Deletes a plugin's row: only once nothing refers to its slug (plugin-admin's demo removal checks). */
export async function deletePluginRow(db: Db, slug: string): Promise<boolean> {
  notePluginItemWrite();
  const result = await db.deleteFrom('plugins').where('slug', '=', slug).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
