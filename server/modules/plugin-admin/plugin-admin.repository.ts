import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import { isPostgres } from '../../db/portable.js';
import type { DB, PluginsTable } from '../../db/schema.js';
import type { PluginRow } from '../plugins/plugins.repository.js';
import type { ReleaseLike } from '../../../common/versions.js';

type Db = Database | Transaction<DB>;

export { isUniqueViolation } from '../licences/licences.repository.js';

/** Inserts the plugin unless its slug is taken (the unique index decides, so two racing creates cannot both win). */
export async function insertPlugin(db: Db, plugin: Insertable<PluginsTable>): Promise<boolean> {
  const row = await db.insertInto('plugins').values(plugin).onConflict((oc) => oc.column('slug').doNothing()).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function updatePluginBySlug(db: Db, slug: string, changes: Updateable<PluginsTable>): Promise<boolean> {
  const result = await db.updateTable('plugins').set(changes).where('slug', '=', slug).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The plugin row, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time). */
export async function lockPlugin(trx: Transaction<DB>, slug: string): Promise<PluginRow | undefined> {
  let query = trx.selectFrom('plugins').selectAll().where('slug', '=', slug);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** How many licences and releases name the slug: either fixes it (sites and zips carry it). */
export async function countSlugReferences(db: Db, slug: string): Promise<{ licences: number; releases: number }> {
  const licences = await db.selectFrom('licenses').select((eb) => eb.fn.countAll<string | number>().as('n')).where('plugin_slug', '=', slug).executeTakeFirst();
  const releases = await db.selectFrom('releases').select((eb) => eb.fn.countAll<string | number>().as('n')).where('plugin_slug', '=', slug).executeTakeFirst();
  return { licences: Number(licences?.n ?? 0), releases: Number(releases?.n ?? 0) };
}

/** Moves the plugin's images to its new slug (files are stored under generated names, so only rows change). */
export async function moveImagesToSlug(trx: Transaction<DB>, from: string, to: string): Promise<void> {
  await trx.updateTable('plugin_images').set({ plugin_slug: to }).where('plugin_slug', '=', from).execute();
  await trx.updateTable('image_uploads').set({ plugin_slug: to }).where('plugin_slug', '=', from).execute();
}

/** The releases the sale status reads (withdrawn ones included, to name them): one plugin's, or every plugin's. */
export async function listReleasesForSaleStatus(db: Db, slug?: string): Promise<ReleaseLike[]> {
  let query = db.selectFrom('releases').select(['plugin_slug', 'version', 'created_at', 'withdrawn_at']);
  if (slug !== undefined) query = query.where('plugin_slug', '=', slug);
  return query.execute();
}
