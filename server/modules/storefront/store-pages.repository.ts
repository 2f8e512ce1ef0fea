import type { Database } from '../../db/database.js';
import type { Selectable } from 'kysely';
import type { StorePagesTable } from '../../db/schema.js';

// The only SQL on `store_pages` (owner: this module).

export type StorePageRow = Selectable<StorePagesTable>;

export const findStorePage = (db: Database, slug: string): Promise<StorePageRow | undefined> =>
  db.selectFrom('store_pages').selectAll().where('slug', '=', slug).executeTakeFirst();

export const listStorePageRows = (db: Database): Promise<StorePageRow[]> => db.selectFrom('store_pages').selectAll().execute();

/** Writes the whole row (insert or replace): one statement, so concurrent saves never mix two versions' fields. */
export async function saveStorePage(db: Database, row: StorePageRow): Promise<void> {
  const { slug, ...fields } = row;
  await db
    .insertInto('store_pages')
    .values(row)
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...fields, slug }))
    .execute();
}

/**
 * Stores the HTML of a page saved without it (before 0037, the demo seed, an import): only while the row still has no
 * HTML and the same Markdown, so a save in between keeps its own rendering.
 */
export async function storeRenderedHtml(db: Database, row: { slug: string; markdown: string }, html: string): Promise<void> {
  await db.updateTable('store_pages').set({ html }).where('slug', '=', row.slug).where('html', 'is', null).where('markdown', '=', row.markdown).execute();
}
