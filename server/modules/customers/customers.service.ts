// The admin's Customers pages (issue 27, docs/customers.md): the list, one customer, the name and note.
import type { CustomerList, CustomerSummary } from '../../../common/customers.js';
import type { Database } from '../../db/database.js';
import type { CustomerRow } from './customer-summary.repository.js';
import { customerCursorList, listCustomersPage, type CustomerListFilter } from './customer-list.repository.js';
import { pageCursors, readListCursor } from '../../lib/list-cursor.js';

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

/** A page of the Customers list: by number (an offset), or after or before a cursor of this list and sort (issue 44). */
export async function listCustomers(
  db: Database,
  query: Omit<CustomerListFilter, 'cursor'> & { page: number; per_page: number; after?: string; before?: string },
): Promise<CustomerList> {
  const { page, per_page: perPage, after, before, ...filter } = query;
  const list = customerCursorList(filter.sort);
  const cursor = readListCursor(after, before, list);
  const { rows, total } = await listCustomersPage(db, { ...filter, cursor }, { limit: perPage, offset: (page - 1) * perPage });
  return {
    customers: rows.map(toCustomerSummary),
    total,
    page,
    per_page: perPage,
    ...pageCursors(rows, (row) => row[filter.sort], list.name),
  };
}
