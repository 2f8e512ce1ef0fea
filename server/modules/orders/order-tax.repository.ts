import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, OrdersTable } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

// What a licence's renewals need of its orders' tax (docs/tax.md "Renewals and automatic renewals").

/**
 * The buyer's country and VAT number on record for a licence: its latest paid order (the sale, a renewal or an
 * upgrade) that names a country, so a country given on the renewal page is the one the next renewal uses.
 */
export async function findLatestTaxedOrderOfLicense(db: Db, licenseId: number): Promise<Selectable<OrdersTable> | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb.or([eb('license_id', '=', licenseId), eb('target_license_id', '=', licenseId)]))
    .where('status', 'in', ['paid', 'refunded'])
    .where('tax_country', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
