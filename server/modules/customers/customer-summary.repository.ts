// The customers table (owned by this module) and the summary it keeps of each buyer's orders and licences. The
// summary is a read model over `orders` and `licenses` (docs/architecture.md, "One owner per table": read models
// that aggregate other owners' tables in one statement), recomputed for named addresses only.
import { sql, type Selectable, type Transaction } from 'kysely';
import type { CustomersTable, DB } from '../../db/schema.js';
import { isPostgres } from '../../db/portable.js';
import type { Db } from '../../db/database.js';

export type CustomerRow = Selectable<CustomersTable>;
/** What the list's search reads: the address, the name and every licence key, lower-cased, space-separated. */
export const customerSearchText = (email: string, name: string | null, keys: string[]): string =>
  [email, ...(name ? [name.toLowerCase()] : []), ...keys.map((key) => key.toLowerCase())].join(' ');

/** Recomputes one address's summary from its orders and licences: upserted, or deleted when it has neither. */
export async function refreshCustomerSummary(db: Db, email: string, at: string): Promise<void> {
  const orders = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      sql<string | null>`min(coalesce(paid_at, created_at))`.as('first_at'),
      sql<string | null>`max(coalesce(paid_at, created_at))`.as('last_at'),
      sql<number | string | null>`sum(case when status = 'paid' then amount else 0 end)`.as('paid'),
    ])
    .where(sql<string>`lower(email)`, '=', email)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirstOrThrow();
  const currencies = await db
    .selectFrom('orders')
    .select('currency')
    .distinct()
    .where(sql<string>`lower(email)`, '=', email)
    .where('status', '=', 'paid')
    .orderBy('currency')
    .execute();
  const licenses = await db
    .selectFrom('licenses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(sql<string>`lower(customer_email)`, '=', email)
    .executeTakeFirstOrThrow();
  const keys = await db
    .selectFrom('licenses')
    .select('key')
    .where(sql<string>`lower(customer_email)`, '=', email)
    .orderBy('id')
    .execute();
  const existing = await db.selectFrom('customers').select('name').where('email', '=', email).executeTakeFirst();
  const orderCount = Number(orders.n);
  const licenseCount = Number(licenses.n);
  if (orderCount === 0 && licenseCount === 0) {
    await db.deleteFrom('customers').where('email', '=', email).execute();
    return;
  }
  const summary = {
    first_purchase_at: orders.first_at,
    last_purchase_at: orders.last_at,
    order_count: orderCount,
    license_count: licenseCount,
    total_paid: Number(orders.paid ?? 0),
    currencies: currencies.map((row) => row.currency).join(','),
    search_text: customerSearchText(
      email,
      existing?.name ?? null,
      keys.map((row) => row.key),
    ),
    updated_at: at,
  };
  await db
    .insertInto('customers')
    .values({ email, name: null, ...summary, created_at: at })
    .onConflict((oc) => oc.column('email').doUpdateSet(summary))
    .execute();
}

export async function findCustomerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Reads the row and, in PostgreSQL, locks it until the transaction ends (SQLite serialises transactions). */
export async function lockCustomerById(trx: Transaction<DB>, id: number): Promise<CustomerRow | undefined> {
  const query = trx.selectFrom('customers').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** Sets the name and/or note; a new name is searched from then on (the refresh rewrites search_text). */
export async function updateCustomer(db: Db, id: number, values: { name?: string | null; note?: string; updated_at: string }): Promise<void> {
  const row = await db.updateTable('customers').set(values).where('id', '=', id).returning('email').executeTakeFirst();
  if (row && values.name !== undefined) await refreshCustomerSummary(db, row.email, values.updated_at);
}

export async function deleteCustomer(db: Db, id: number): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}

/** Gives the customer row (name, note) a new address; the caller refreshes both addresses' summaries. */
export async function moveCustomer(db: Db, id: number, email: string, at: string): Promise<void> {
  await db.updateTable('customers').set({ email, updated_at: at }).where('id', '=', id).execute();
}
