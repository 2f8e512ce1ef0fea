import type { Database } from '../db/database.js';
import { EventBus } from '../kernel/events.js';
import { installRecorders } from '../services.js';

/**
 * A context for changes made straight on a database, outside any app (tests that drive separate processes):
 * the composition root (server/services.ts) installs every module's recorders, so its events write what an app's
 * would (webhook outbox rows, customer summaries), and, as in a command-line tool, nothing runs after commit.
 */
export function unitContext(db: Database): { db: Database; events: EventBus } {
  const events = new EventBus({ error: (details, message) => console.error(message, details) });
  installRecorders(events);
  return { db, events };
}
