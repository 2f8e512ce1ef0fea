import type { Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PluginsTable } from '../../db/schema.js';

export async function updatePluginBySlug(db: Database, slug: string, changes: Updateable<PluginsTable>): Promise<boolean> {
  const result = await db.updateTable('plugins').set(changes).where('slug', '=', slug).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
