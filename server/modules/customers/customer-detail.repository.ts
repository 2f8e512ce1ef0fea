// One customer's orders, licences and sites: a read model over `orders`, `licenses` and `license_activations`
// (docs/architecture.md, read models), as account.repository.ts reads them for the customer's own page.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export async function listOrdersOfCustomer(db: Db, email: string) {
  return db
    .selectFrom('orders')
    .leftJoin('licenses', 'licenses.id', 'orders.license_id')
    .select([
      'orders.id',
      'orders.email',
      'orders.plugin_slug',
      'orders.amount',
      'orders.currency',
      'orders.status',
      'orders.provider',
      'orders.created_at',
      'orders.paid_at',
      'licenses.key as license_key',
    ])
    .where(sql<string>`lower(orders.email)`, '=', email)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
}

export async function listLicensesOfCustomer(db: Db, email: string) {
  return db
    .selectFrom('licenses')
    .selectAll()
    .where(sql<string>`lower(customer_email)`, '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The names the admin gave these buyers (lower-cased addresses), for the storefront's review authors: address → name. */
export async function findCustomerNames(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db.selectFrom('customers').select(['email', 'name']).where('email', 'in', emails).where('name', 'is not', null).execute();
  return new Map(rows.filter((row) => row.name && row.name.trim()).map((row) => [row.email, row.name!.trim()]));
}
