import type { Insertable, Selectable, Transaction } from 'kysely';
import type { DB, InvoicesTable } from '../../db/schema.js';
import type { Db } from '../../db/database.js';

// Invoices and credit notes (0061-invoices): inserted once, never updated; no function here changes a row.
export type InvoiceRow = Selectable<InvoicesTable>;
/**
 * The next number of `series`, taken in the caller's transaction: the UPDATE locks the series' row until that
 * transaction ends (PostgreSQL; SQLite runs one write transaction at a time), so concurrent payments on any
 * instance get consecutive numbers, and a payment that rolls back gives its number back: no gap, no duplicate.
 */
export async function takeNextNumber(trx: Transaction<DB>, series: string): Promise<number> {
  await trx
    .insertInto('invoice_counters')
    .values({ series, last_number: 0 })
    .onConflict((oc) => oc.column('series').doNothing())
    .execute();
  const row = await trx
    .updateTable('invoice_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('series', '=', series)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

export async function insertInvoice(trx: Transaction<DB>, row: Insertable<InvoicesTable>): Promise<InvoiceRow> {
  return trx.insertInto('invoices').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findInvoiceOfOrder(db: Db, orderId: number, kind: 'invoice' | 'credit_note'): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', kind).executeTakeFirst();
}

export async function findInvoiceById(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listInvoicesOfOrders(db: Db, orderIds: readonly number[]): Promise<InvoiceRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('invoices').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

/** Invoices and credit notes issued in [from, to) (ISO times), oldest first. */
export async function listInvoicesIssued(db: Db, from: string, to: string): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('issued_at', '>=', from).where('issued_at', '<', to).orderBy('series').orderBy('number').execute();
}
