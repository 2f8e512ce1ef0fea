import { type Kysely } from 'kysely';

// A plugin's FAQ (issue 25, docs/plugins.md "Storefront texts"): a JSON list of {question, answer} on its row, owned
// by the plugins module, edited on the admin's plugin page and shown on the plugin's storefront page (hidden when
// empty) with schema.org FAQPage data. Existing plugins start with none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plugins')
    .addColumn('faq', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plugins').dropColumn('faq').execute();
}
