import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { DB, WebhookDeliveriesTable } from '../../db/schema.js';
import type { WebhookDelivery, WebhookDeliveryStatus } from '../../../common/webhooks.js';
import { mentions, replaceMentions } from '../../lib/scrub.js';
import type { Db } from '../../db/database.js';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A delivery this process holds: the row, its endpoint and the token both leases carry. */
export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  url: string;
  secret: string;
  eventId: string;
  body: string;
  attempts: number;
  createdAt: string;
  token: string;
}

/** Due: pending and its time has come, or sending under a lease that expired (its process died). */
const isDue = (eb: ExpressionBuilder<DB, 'webhook_deliveries'>, now: string) =>
  eb.or([
    eb.and([eb('webhook_deliveries.status', '=', 'pending'), eb('webhook_deliveries.next_attempt_at', '<=', now)]),
    eb.and([eb('webhook_deliveries.status', '=', 'sending'), eb('webhook_deliveries.lease_until', '<', now)]),
  ]);

/**
 * The due deliveries' ids, each kind off its partial index (0077-worker-due-indexes): a pass reads the due rows, never
 * the delivered and failed history, whatever order the outer query wants.
 */
const dueIds = (db: Kysely<DB>, now: string) =>
  db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .unionAll(db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'sending').where('lease_until', '<', now));

/**
 * Claims the earliest due delivery of each free, active endpoint, at most `limit` endpoints. Safe with several
 * processes: the endpoint lease is taken by one conditional UPDATE (PostgreSQL re-checks its WHERE after a
 * concurrent writer commits; SQLite runs one writer at a time), so one endpoint never has two in flight.
 */
export async function claimDueDeliveries(db: Kysely<DB>, now: Date, leaseMs: number, limit = 20): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select(['webhook_deliveries.id', 'webhook_deliveries.endpoint_id'])
    .where('webhook_endpoints.active', '=', 1)
    .where((eb) => eb.or([eb('webhook_endpoints.busy_until', 'is', null), eb('webhook_endpoints.busy_until', '<', at)]))
    .where('webhook_deliveries.id', 'in', dueIds(db, at))
    // Oldest event first: each endpoint receives its events in the order they happened, retries aside.
    .orderBy('webhook_deliveries.id')
    .limit(200)
    .execute();
  const firstPerEndpoint = new Map<number, number>();
  for (const row of candidates) if (!firstPerEndpoint.has(row.endpoint_id)) firstPerEndpoint.set(row.endpoint_id, row.id);

  const claimed: ClaimedDelivery[] = [];
  for (const [endpointId, deliveryId] of [...firstPerEndpoint].slice(0, limit)) {
    const one = await claimOne(db, endpointId, deliveryId, at, new Date(now.getTime() + leaseMs).toISOString());
    if (one) claimed.push(one);
  }
  return claimed;
}

async function claimOne(db: Kysely<DB>, endpointId: number, deliveryId: number, at: string, leaseUntil: string): Promise<ClaimedDelivery | null> {
  const token = randomUUID();
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .updateTable('webhook_endpoints')
      .set({ busy_until: leaseUntil, busy_token: token })
      .where('id', '=', endpointId)
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('busy_until', 'is', null), eb('busy_until', '<', at)]))
      .returning(['url', 'secret'])
      .executeTakeFirst();
    if (!endpoint) return null;
    const delivery = await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), lease_until: leaseUntil, claim_token: token, updated_at: at }))
      .where('id', '=', deliveryId)
      .where((eb) => isDue(eb, at))
      .returning(['event_id', 'body', 'attempts', 'created_at'])
      .executeTakeFirst();
    if (!delivery) {
      // Another process finished it between our read and now: give the endpoint back.
      await trx
        .updateTable('webhook_endpoints')
        .set({ busy_until: null, busy_token: null })
        .where('id', '=', endpointId)
        .where('busy_token', '=', token)
        .execute();
      return null;
    }
    return {
      id: deliveryId,
      endpointId,
      url: endpoint.url,
      secret: endpoint.secret,
      eventId: delivery.event_id,
      body: delivery.body,
      attempts: delivery.attempts,
      createdAt: delivery.created_at,
      token,
    };
  });
}

export interface AttemptOutcome {
  status: Extract<WebhookDeliveryStatus, 'pending' | 'delivered' | 'failed'>;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  at: string;
}

/**
 * Records an attempt and frees the endpoint, both only while this process still holds the claim (token):
 * an attempt that outlived its lease has been handed to another process, whose outcome wins.
 */
export async function finishDelivery(db: Kysely<DB>, claim: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.status,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        next_attempt_at: outcome.nextAttemptAt,
        lease_until: null,
        claim_token: null,
        updated_at: outcome.at,
        ...(outcome.status === 'delivered' ? { delivered_at: outcome.at } : {}),
      })
      .where('id', '=', claim.id)
      .where('claim_token', '=', claim.token)
      .execute();
    await trx
      .updateTable('webhook_endpoints')
      .set({ busy_until: null, busy_token: null })
      .where('id', '=', claim.endpointId)
      .where('busy_token', '=', claim.token)
      .execute();
  });
}

/** Forgets finished deliveries (delivered or failed) last touched before `before`; answers how many. */
export async function pruneDeliveries(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('webhook_deliveries').where('status', 'in', ['delivered', 'failed']).where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listDeliveries(db: Db, filter: { endpointId?: number; status?: WebhookDeliveryStatus }): Promise<WebhookDelivery[]> {
  let query = db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .selectAll('webhook_deliveries')
    .select('webhook_endpoints.url as endpoint_url')
    .orderBy('webhook_deliveries.id', 'desc')
    .limit(200);
  if (filter.endpointId !== undefined) query = query.where('webhook_deliveries.endpoint_id', '=', filter.endpointId);
  if (filter.status !== undefined) query = query.where('webhook_deliveries.status', '=', filter.status);
  return (await query.execute()).map(toDelivery);
}

export async function findDelivery(db: Db, id: number): Promise<WebhookDelivery | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .selectAll('webhook_deliveries')
    .select('webhook_endpoints.url as endpoint_url')
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();
  return row && toDelivery(row);
}

/** Resend: a new pending delivery of the same event (same id and body) to the same endpoint, with a new 24 h window. */
export async function copyDelivery(db: Db, id: number, at: string): Promise<number | null> {
  const source = await db.selectFrom('webhook_deliveries').select(['endpoint_id', 'event_id', 'event_type', 'body']).where('id', '=', id).executeTakeFirst();
  if (!source) return null;
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ ...source, status: 'pending', attempts: 0, next_attempt_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertDelivery(db: Db, values: { endpoint_id: number; event_id: string; event_type: string; body: string; at: string }): Promise<number> {
  const { at, ...rest } = values;
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ ...rest, status: 'pending', attempts: 0, next_attempt_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const toDelivery = (row: DeliveryRow & { endpoint_url: string }): WebhookDelivery => ({
  id: row.id,
  event_id: row.event_id,
  event_type: row.event_type,
  endpoint_id: row.endpoint_id,
  endpoint_url: row.endpoint_url,
  status: row.status as WebhookDeliveryStatus,
  attempts: row.attempts,
  last_status_code: row.last_status_code,
  last_error: row.last_error,
  next_attempt_at: row.status === 'pending' || row.status === 'sending' ? row.next_attempt_at : null,
  created_at: row.created_at,
  delivered_at: row.delivered_at,
});

/**
 * A customer's erase (docs/customers.md): every delivery body naming the address, pending or logged, gets
 * `replacement` instead. A pending one still leaves (the vendor hears of the event) without the address.
 */
export async function scrubAddressInDeliveries(db: Db, address: string, replacement: string): Promise<number> {
  const rows = await db.selectFrom('webhook_deliveries').select(['id', 'body']).where(mentions('body', address)).execute();
  for (const row of rows)
    await db
      .updateTable('webhook_deliveries')
      .set({ body: replaceMentions(row.body, address, replacement) })
      .where('id', '=', row.id)
      .execute();
  return rows.length;
}

/** Retention (docs/big-shop.md): removes at most `limit` finished deliveries made before `before` (their partial index, 0078). */
export async function pruneFinishedDeliveries(db: Db, before: string, limit: number): Promise<number> {
  const oldest = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where(sql<boolean>`status in ('delivered', 'failed')`) // as the index says (SQLite matches it as written)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit);
  const result = await db.deleteFrom('webhook_deliveries').where('id', 'in', oldest).executeTakeFirst();
  return Number(result.numDeletedRows);
}
