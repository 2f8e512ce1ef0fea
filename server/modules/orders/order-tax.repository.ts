import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, OrdersTable } from '../../db/schema.js';
import { locationEvidence } from '../tax/index.js';

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

/**
 * The card's country, known once the payment is (docs/tax.md "Location evidence"): added to the order's evidence,
 * whose status is decided again by the rule (tax module's locationEvidence). Orders without evidence (tax not set
 * up, Lemon Squeezy) are left as they are. Runs in the payment's own transaction.
 */
export async function recordCardCountry(db: Db, order: Selectable<OrdersTable>, cardCountry: string, at: string): Promise<void> {
  if (!order.tax_evidence) return;
  const before = JSON.parse(order.tax_evidence) as { declared: string | null; ip_country: string | null };
  const evidence = locationEvidence(before.declared, before.ip_country, cardCountry);
  await db
    .updateTable('orders')
    .set({ tax_evidence: JSON.stringify(evidence), tax_evidence_status: evidence.status, updated_at: at })
    .where('id', '=', order.id)
    .execute();
}
