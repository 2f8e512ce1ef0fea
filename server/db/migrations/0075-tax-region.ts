import type { Kysely } from 'kysely';

// A US buyer's state (issue 43; docs/tax.md "US states"): the sales tax of a US sale is the state's, so the order
// keeps which state it was charged for beside `tax_country`. Null for every other sale.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('tax_region', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('tax_region').execute();
}
