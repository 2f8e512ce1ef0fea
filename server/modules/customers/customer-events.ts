// The customers module and events (docs/architecture.md, "Events"): what it emits, and the recorder that keeps
// the Customers list current when another module sells, refunds or creates a licence.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DomainEvent, Recorder } from '../../kernel/events.js';
import { refreshCustomerSummaries } from './customer-summary.service.js';

declare module '../../kernel/events.js' {
  interface AppEvents {
    /** A customer's address changed, two were merged, or one was erased (docs/webhooks.md). */
    'customer.updated': { action: 'email_changed' | 'merged' | 'erased'; customer_id: number; email: string | null; previous_email: string | null };
  }
}

/**
 * A sale, a refund or a new licence moves the buyer's summary in the change's own transaction, so the Customers
 * list is never stale (the customers module's own actions refresh it themselves).
 */
const addressOf = (event: DomainEvent): string | null =>
  event.type === 'order.paid' || event.type === 'order.refunded' ? event.data.email : event.type === 'license.created' ? event.data.customer_email : null;

export const refreshSummariesOnEvent: Recorder = Object.assign(
  async (trx: Transaction<DB>, event: DomainEvent) => {
    const address = addressOf(event);
    if (address) await refreshCustomerSummaries(trx, [address], event.at);
  },
  {
    // An import's batch: every address it names, refreshed together (a few statements per 500 addresses).
    many: async (trx: Transaction<DB>, events: readonly DomainEvent[]) => {
      const last = events.at(-1);
      if (last) await refreshCustomerSummaries(trx, events.map(addressOf), last.at);
    },
  },
);
