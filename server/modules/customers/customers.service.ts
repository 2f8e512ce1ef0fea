// The admin's Customers pages (issue 27, docs/customers.md): the list, one customer, the name and note.
import type { CustomerList, CustomerSummary } from '../../../common/customers.js';
import type { Database } from '../../db/database.js';
import type { CustomerRow } from './customer-summary.repository.js';
import { listCustomersPage, type CustomerListFilter } from './customer-list.repository.js';

export const toCustomerSummary = (row: CustomerRow): CustomerSummary => ({
  id: row.id,
  email: row.email,
  name: row.name,
  first_purchase_at: row.first_purchase_at,
  last_purchase_at: row.last_purchase_at,
  order_count: row.order_count,
  license_count: row.license_count,
  total_paid: row.total_paid,
  currency: row.currencies,
});

export async function listCustomers(db: Database, query: CustomerListFilter & { page: number; per_page: number }): Promise<CustomerList> {
  const { page, per_page: perPage, ...filter } = query;
  const { rows, total } = await listCustomersPage(db, filter, { limit: perPage, offset: (page - 1) * perPage });
  return { customers: rows.map(toCustomerSummary), total, page, per_page: perPage };
}
