// The customers table (owned by this module) and the summary it keeps of each buyer's orders and licences. The
// summary is a read model over `orders` and `licenses` (docs/architecture.md, "One owner per table": read models
// that aggregate other owners' tables in one statement), recomputed for named addresses only.
import { sql, type Selectable, type Transaction } from 'kysely';
import type { CustomersTable, DB } from '../../db/schema.js';
import { inValues, isPostgres } from '../../db/portable.js';
import type { Db } from '../../db/database.js';

export type CustomerRow = Selectable<CustomersTable>;
/** What the list's search reads: the address, the name and every licence key, lower-cased, space-separated. */
export const customerSearchText = (email: string, name: string | null, keys: string[]): string =>
  [email, ...(name ? [name.toLowerCase()] : []), ...keys.map((key) => key.toLowerCase())].join(' ');

/** Addresses a statement names at most (well under SQLite's and PostgreSQL's limits on bound values). */
const CHUNK = 500;

/** Recomputes one address's summary from its orders and licences: upserted, or deleted when it has neither. */
export async function refreshCustomerSummary(db: Db, email: string, at: string): Promise<void> {
  await refreshCustomerSummaryList(db, [email], at);
}

/**
 * Recomputes the summaries of these addresses (lower-cased, distinct) in a few statements per 500 of them, not a
 * few per address: an import of a million licences refreshes a million addresses (bench/import.ts).
 */
export async function refreshCustomerSummaryList(db: Db, emails: readonly string[], at: string): Promise<void> {
  for (let from = 0; from < emails.length; from += CHUNK) await refreshChunk(db, emails.slice(from, from + CHUNK), at);
}

async function refreshChunk(db: Db, emails: string[], at: string): Promise<void> {
  const orders = await db
    .selectFrom('orders')
    .select((eb) => [
      sql<string>`lower(email)`.as('email'),
      eb.fn.countAll<number | string>().as('n'),
      sql<string | null>`min(coalesce(paid_at, created_at))`.as('first_at'),
      sql<string | null>`max(coalesce(paid_at, created_at))`.as('last_at'),
      sql<number | string | null>`sum(case when status = 'paid' then amount else 0 end)`.as('paid'),
    ])
    .where(inValues(db, sql`lower(email)`, emails))
    .where('status', 'in', ['paid', 'refunded'])
    .groupBy(sql`lower(email)`)
    .execute();
  const currencies = await db
    .selectFrom('orders')
    .select([sql<string>`lower(email)`.as('email'), 'currency'])
    .distinct()
    .where(inValues(db, sql`lower(email)`, emails))
    .where('status', '=', 'paid')
    .orderBy('currency')
    .execute();
  const keys = await db
    .selectFrom('licenses')
    .select([sql<string>`lower(customer_email)`.as('email'), 'key'])
    .where(inValues(db, sql`lower(customer_email)`, emails))
    .orderBy('id')
    .execute();
  const names = await db.selectFrom('customers').select(['email', 'name']).where('email', 'in', emails).execute();
  const orderOf = new Map(orders.map((row) => [row.email, row]));
  const nameOf = new Map(names.map((row) => [row.email, row.name]));
  const listOf = (rows: Array<{ email: string }>, pick: (row: never) => string) => {
    const lists = new Map<string, string[]>();
    for (const row of rows) lists.set(row.email, [...(lists.get(row.email) ?? []), pick(row as never)]);
    return lists;
  };
  const currenciesOf = listOf(currencies, (row: { currency: string }) => row.currency);
  const keysOf = listOf(keys, (row: { key: string }) => row.key);
  const gone: string[] = [];
  const rows = [];
  for (const email of emails) {
    const order = orderOf.get(email);
    const orderCount = Number(order?.n ?? 0);
    const emailKeys = keysOf.get(email) ?? [];
    if (orderCount === 0 && emailKeys.length === 0) {
      gone.push(email);
      continue;
    }
    rows.push({
      email,
      name: null,
      first_purchase_at: order?.first_at ?? null,
      last_purchase_at: order?.last_at ?? null,
      order_count: orderCount,
      license_count: emailKeys.length,
      total_paid: Number(order?.paid ?? 0),
      currencies: (currenciesOf.get(email) ?? []).join(','),
      search_text: customerSearchText(email, nameOf.get(email) ?? null, emailKeys),
      updated_at: at,
      created_at: at,
    });
  }
  if (gone.length > 0) await db.deleteFrom('customers').where('email', 'in', gone).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('customers')
    .values(rows)
    .onConflict((oc) =>
      oc.column('email').doUpdateSet((eb) => ({
        first_purchase_at: eb.ref('excluded.first_purchase_at'),
        last_purchase_at: eb.ref('excluded.last_purchase_at'),
        order_count: eb.ref('excluded.order_count'),
        license_count: eb.ref('excluded.license_count'),
        total_paid: eb.ref('excluded.total_paid'),
        currencies: eb.ref('excluded.currencies'),
        // search_text: a column (0021) the schema's type leaves out.
        search_text: sql<string>`excluded.search_text`,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
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
