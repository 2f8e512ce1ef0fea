// Outgoing webhook events: what each one carries, and enqueueEvent, which writes the outbox rows in the
// transaction of the change (docs/webhooks.md). Modules import from this file only.
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { WEBHOOK_EVENT_TYPES, type WebhookDeliveryType, type WebhookEventBody, type WebhookEventType } from '../../../common/webhooks.js';
import type { AppContext } from '../../kernel/context.js';
import type { DomainEvent, Reactor, Recorder } from '../../kernel/events.js';
import type { Db } from '../../db/database.js';

/** `evt_` and 16 random bytes: unique per event, the same for every endpoint, retry and resend of it. */
export const newEventId = (): string => `evt_${randomBytes(16).toString('hex')}`;

export function eventBody(type: WebhookDeliveryType, data: unknown, createdAt: string, id = newEventId()): WebhookEventBody {
  return { id, type, created_at: createdAt, data };
}

/**
 * Writes one pending delivery per active endpoint whose filter matches `type` (an empty filter matches all),
 * in ONE statement (INSERT ... SELECT), on `trx`: pass the transaction of the change, so a change that rolls
 * back leaves no delivery and a committed one always has its deliveries. After the commit, call
 * the event bus has the worker send at once rather than at the next poll (5 s). Answers the rows written.
 */
export async function enqueueEvent(trx: Db, type: WebhookEventType, data: unknown, at: string = new Date().toISOString()): Promise<number> {
  const event = eventBody(type, data, at);
  const body = JSON.stringify(event);
  // Filters are JSON lists of type names, none of which holds a LIKE wildcard (% or _).
  const rows = await trx
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'event_id', 'event_type', 'body', 'status', 'attempts', 'next_attempt_at', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          // Typed casts: PostgreSQL cannot infer a bare parameter's type in a SELECT list.
          sql<string>`cast(${event.id} as text)`.as('event_id'),
          sql<string>`cast(${type} as text)`.as('event_type'),
          sql<string>`cast(${body} as text)`.as('body'),
          sql<string>`cast(${'pending'} as text)`.as('status'),
          sql<number>`0`.as('attempts'),
          sql<string>`cast(${at} as text)`.as('next_attempt_at'),
          sql<string>`cast(${at} as text)`.as('created_at'),
          sql<string>`cast(${at} as text)`.as('updated_at'),
        ])
        .where('active', '=', 1)
        .where((w) => w.or([w('events', '=', '[]'), w('events', 'like', `%"${type}"%`)])),
    )
    .returning('id')
    .execute();
  return rows.length;
}

export const isWebhookEventType = (type: string): type is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

/**
 * A domain event vendors hear about (common/webhooks.ts). `DomainEvent<WebhookEventType>` only compiles while every
 * webhook type is an event some module declares (server/kernel/events.ts).
 */
const isWebhookEvent = (event: DomainEvent): event is DomainEvent<WebhookEventType> => isWebhookEventType(event.type);

/** The outbox writer: each webhook event a unit of work emits becomes its deliveries, in its transaction (decision 0007). */
export const recordWebhookEvent: Recorder = Object.assign(
  async (trx: Transaction<DB>, event: DomainEvent) => {
    if (isWebhookEvent(event)) await enqueueEvent(trx, event.type, event.data, event.at);
  },
  {
    many: async (trx: Transaction<DB>, events: readonly DomainEvent[]) => {
      await enqueueEvents(trx, events.filter(isWebhookEvent));
    },
  },
);

/**
 * A batch of events (an import's): the active endpoints are read once and every delivery is written in a few
 * multi-row statements, as enqueueEvent would write them one event at a time. Answers the rows written.
 */
export async function enqueueEvents(trx: Db, events: ReadonlyArray<DomainEvent<WebhookEventType>>): Promise<number> {
  if (events.length === 0) return 0;
  const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('active', '=', 1).execute();
  if (endpoints.length === 0) return 0;
  const rows = events.flatMap((event) => {
    const body = eventBody(event.type, event.data, event.at);
    const text = JSON.stringify(body);
    return endpoints
      .filter((endpoint) => endpoint.events === '[]' || endpoint.events.includes(`"${event.type}"`))
      .map((endpoint) => ({
        endpoint_id: endpoint.id,
        event_id: body.id,
        event_type: event.type,
        body: text,
        status: 'pending',
        attempts: 0,
        next_attempt_at: event.at,
        created_at: event.at,
        updated_at: event.at,
      }));
  });
  for (let from = 0; from < rows.length; from += 500)
    await trx
      .insertInto('webhook_deliveries')
      .values(rows.slice(from, from + 500))
      .execute();
  return rows.length;
}

/** Once a change with webhook events has committed, the worker sends them at once rather than at its next poll. */
export const kickWebhookWorker =
  (ctx: AppContext): Reactor =>
  (events) => {
    if (events.some(isWebhookEvent)) ctx.webhooks.kick();
  };
