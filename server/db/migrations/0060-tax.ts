import type { Kysely } from 'kysely';

// Tax at checkout (issue 43; docs/tax.md, decision 0014). The vendor's tax settings are one JSON row owned by the
// tax module. An order keeps what its tax was: `amount` stays the total charged, `net_amount` + `tax_amount` make
// it up, with the rate (basis points), the country it was charged for, the treatment (standard, reverse charge,
// not registered, none), the buyer's VAT number, name and address, and the location evidence (JSON).
const TEXT_COLUMNS = ['tax_country', 'tax_treatment', 'buyer_vat_number', 'buyer_name', 'buyer_address', 'tax_evidence'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('net_amount', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('tax_rate_bp', 'integer').execute();
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('orders').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [...TEXT_COLUMNS, 'tax_rate_bp', 'tax_amount', 'net_amount']) await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.dropTable('tax_settings').execute();
}
