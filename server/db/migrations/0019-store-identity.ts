import { sql, type Kysely } from 'kysely';

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
  await sql`insert into settings (key, value, updated_at)
    select 'store_identity', ${DEMO_IDENTITY}, ${new Date().toISOString()}
    where exists (select 1 from plugins where slug = 'postcode-delivery-zones')
      and not exists (select 1 from settings where key = 'store_identity')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from settings where key in ('store_identity', 'store_logo_file')`.execute(db);
}
