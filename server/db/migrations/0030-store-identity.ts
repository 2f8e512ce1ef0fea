import { sql, type Kysely } from 'kysely';
import { demoStorePages } from '../demo-pages.js';

// Store pages (issue 25): the vendor's About, Documentation, Support, Privacy, Terms and Refund pages.
// The store identity (issue 25) is the settings value `store_identity`. A shop seeded before it existed showed the
// demo vendor's name, tagline and address from the source; it keeps showing them, now as data it can change.
// A shop without the demo catalogue starts from the neutral defaults (common/store-identity.ts).
const DEMO_IDENTITY = JSON.stringify({
  store_name: '8022 Plugins',
  headline: 'Premium WordPress Plugins for WooCommerce',
  tagline: 'Premium WordPress and WooCommerce plugins with one-time licences, lifetime updates and friendly support.',
  logo: null,
  accent_color: null,
  support_email: 'support@8022.dev',
  legal_name: '',
  legal_address: '',
  vat_number: '',
  footer_links: [],
});

export async function up(db: Kysely<unknown>): Promise<void> {
  // The vendor's text pages (common/store-pages.ts): one row per page once saved; a page without one shows its default.
  await db.schema
    .createTable('store_pages')
    .ifNotExists()
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('lead', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('markdown', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('faq', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into settings (key, value, updated_at)
    select 'store_identity', ${DEMO_IDENTITY}, ${new Date().toISOString()}
    where exists (select 1 from plugins where slug = 'postcode-delivery-zones')
      and not exists (select 1 from settings where key = 'store_identity')`.execute(db);
  // Its pages keep the texts they showed, now as data.
  const demo = await sql<{ n: number }>`select count(*) as n from plugins where slug = 'postcode-delivery-zones'`.execute(db);
  if (Number(demo.rows[0]?.n ?? 0) > 0) {
    for (const row of demoStorePages(new Date().toISOString())) {
      await sql`insert into store_pages (slug, title, lead, markdown, faq, updated_at)
        values (${row.slug}, ${row.title}, ${row.lead}, ${row.markdown}, ${row.faq}, ${row.updated_at})
        on conflict (slug) do nothing`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_pages').ifExists().execute();
  await sql`delete from settings where key in ('store_identity', 'store_logo_file')`.execute(db);
}
