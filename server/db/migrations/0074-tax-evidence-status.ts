import type { Kysely } from 'kysely';

// The location evidence's verdict on its own column (issue 43; docs/tax.md "Location evidence"): confirmed,
// unconfirmed or conflict, so the admin's Orders list can badge and filter orders whose evidence disagrees. Kept
// with `tax_evidence` (JSON) whenever it changes, e.g. when the card's country arrives with the payment. Orders
// taxed before this migration get the status their evidence already holds.
interface Db {
  orders: { id: number; tax_evidence: string | null; tax_evidence_status: string | null };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('tax_evidence_status', 'text').execute();
  await db.schema.createIndex('orders_tax_evidence_status').on('orders').column('tax_evidence_status').execute();
  const typed = db as unknown as Kysely<Db>;
  const rows = await typed.selectFrom('orders').select(['id', 'tax_evidence']).where('tax_evidence', 'is not', null).execute();
  for (const row of rows) {
    const status = (JSON.parse(row.tax_evidence as string) as { status?: unknown }).status;
    if (typeof status === 'string') await typed.updateTable('orders').set({ tax_evidence_status: status }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_tax_evidence_status').execute();
  await db.schema.alterTable('orders').dropColumn('tax_evidence_status').execute();
}
