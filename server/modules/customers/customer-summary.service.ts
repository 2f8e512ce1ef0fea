// Keeps the customers table's summaries current (docs/customers.md). Every change to an order's status or amount,
// or to which address a licence names, calls `refreshCustomerSummaries` in its own transaction with the
// addresses it touched, so the Customers list never aggregates orders and licences on a request. Other modules
// import this file only (it imports nothing of theirs, so it makes no import cycle).
import { nowIso } from '../../lib/time.js';
import { refreshCustomerSummaryList } from './customer-summary.repository.js';
import type { Db } from '../../db/database.js';

/** Recomputes the summary of each address (compared case-insensitively; empty and null ones are skipped). */
export async function refreshCustomerSummaries(db: Db, emails: ReadonlyArray<string | null | undefined>, at = nowIso()): Promise<void> {
  const unique = [
    ...new Set(emails.filter((email): email is string => typeof email === 'string' && email.trim() !== '').map((email) => email.trim().toLowerCase())),
  ];
  await refreshCustomerSummaryList(db, unique.sort(), at);
}
