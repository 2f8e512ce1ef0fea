import type { Kysely } from 'kysely';

// `store_pages.html` (issue 37, docs/storefront.md): a vendor page's Markdown rendered once, when it is saved, so an
// anonymous request reads the HTML instead of rendering up to 50,000 characters of Markdown each time. Null for
// rows saved before (the demo's, a page not saved since): those are rendered when read, as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_pages').addColumn('html', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_pages').dropColumn('html').execute();
}
