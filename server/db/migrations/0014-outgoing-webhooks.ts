import type { Kysely } from 'kysely';
import { addIdColumn, parseJsonList } from '../portable.js';
import { randomBytes } from 'node:crypto';
// A migration is frozen: it keeps its own copy of the endpoint secret's format (outgoing-webhooks/secret.ts).

// Outgoing webhooks (docs/webhooks.md): the vendor's endpoints, each with its own signing secret and event
// filter, and the delivery outbox, written in the transaction of the change that caused the event.
// The `webhook_endpoints` setting (a list of URLs that nothing ever sent to) becomes rows here, each with a
// new secret, and the setting is removed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull().defaultTo('[]')) // JSON WebhookEventType[]; [] = every event
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // At most one delivery in flight per endpoint, across processes: a lease taken by one conditional UPDATE.
    .addColumn('busy_until', 'text')
    .addColumn('busy_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull()) // the exact JSON POSTed, the same on every attempt
    .addColumn('status', 'text', (c) => c.notNull()) // pending | sending | delivered | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('lease_until', 'text') // while sending: after it, the attempt is presumed dead and retried
    .addColumn('claim_token', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'status']).execute();

  const stored = await db.selectFrom('settings').select('value').where('key', '=', 'webhook_endpoints').executeTakeFirst();
  const urls = [...new Set(parseJsonList((stored as { value?: string } | undefined)?.value))];
  const at = new Date().toISOString();
  for (const url of urls) {
    await db
      .insertInto('webhook_endpoints')
      .values({ url, secret: `whsec_${randomBytes(32).toString('base64url')}`, events: '[]', active: 1, created_at: at, updated_at: at })
      .execute();
  }
  await db.deleteFrom('settings').where('key', '=', 'webhook_endpoints').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
