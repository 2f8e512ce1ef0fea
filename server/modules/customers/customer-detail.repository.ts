// One customer's orders, licences and sites: a read model over `orders`, `licenses` and `license_activations`
// (docs/architecture.md, read models), as account.repository.ts reads them for the customer's own page.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export async function listOrdersOfCustomer(db: Db, email: string) {
  return (
    db
      .selectFrom('orders')
      // The licence an order made, or the one a renewal or upgrade changed (0025-renewal-orders).
      .leftJoin('licenses', (join) => join.on(sql<boolean>`licenses.id = coalesce(orders.license_id, orders.target_license_id)`))
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
      .execute()
  );
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
