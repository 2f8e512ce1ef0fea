import type { Database } from '../db/database.js';
import { EventBus } from '../kernel/events.js';
import { recordWebhookEvents } from '../modules/outgoing-webhooks/index.js';

/**
 * A context for changes made straight on a database, outside any app (tests that drive separate processes):
 * its events are recorded as an app records them (the webhook outbox rows), and no worker runs after commit.
 */
export function unitContext(db: Database): { db: Database; events: EventBus } {
  const events = new EventBus({ error: (details, message) => console.error(message, details) });
  recordWebhookEvents(events);
  return { db, events };
}
