// Outgoing webhook events: what each one carries, and enqueueEvent, which writes the outbox rows in the
// transaction of the change (docs/webhooks.md). Modules import from this file only.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { toBool } from '../../db/portable.js';
import type { WebhookDeliveryType, WebhookEventBody, WebhookEventType } from '../../../common/webhooks.js';
import type { LicenseRow, ActivationRow } from '../licenses/licenses.repository.js';
import type { OrderRow } from '../orders/orders.repository.js';
import type { ReleaseRow } from '../releases/releases.repository.js';

export { nudgeWebhookDeliveries } from './delivery-worker.js';

type Db = Kysely<DB> | Transaction<DB>;

/** `evt_` and 16 random bytes: unique per event, the same for every endpoint, retry and resend of it. */
export const newEventId = (): string => `evt_${randomBytes(16).toString('hex')}`;

export function eventBody(type: WebhookDeliveryType, data: unknown, createdAt: string, id = newEventId()): WebhookEventBody {
  return { id, type, created_at: createdAt, data };
}

/**
 * Writes one pending delivery per active endpoint whose filter matches `type` (an empty filter matches all),
 * in ONE statement (INSERT ... SELECT), on `trx`: pass the transaction of the change, so a change that rolls
 * back leaves no delivery and a committed one always has its deliveries. After the commit, call
 * nudgeWebhookDeliveries() to send at once rather than at the next poll (5 s). Answers the rows written.
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

// The `data` of each event: the public shape of the record. Licences carry their full key: the endpoint is
// the vendor's own, and provisioning (a CRM, a support desk) needs it; docs/webhooks.md says so.

const licenseStatus = (row: Pick<LicenseRow, 'status' | 'expires_at'>, now: string): string =>
  row.status === 'active' && row.expires_at !== null && row.expires_at <= now ? 'expired' : row.status;

export const licenseEventData = (row: LicenseRow, now = new Date().toISOString()) => ({
  id: row.id,
  key: row.key,
  plugin_slug: row.plugin_slug,
  plan: row.plan,
  status: licenseStatus(row, now),
  max_activations: row.max_activations,
  expires_at: row.expires_at,
  customer_email: row.customer_email,
  order_id: row.order_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const activationEventData = (
  license: LicenseRow,
  activation: Pick<ActivationRow, 'site_url' | 'is_local' | 'environment' | 'created_at'>,
  by: 'site' | 'admin' | 'customer',
) => ({
  license: licenseEventData(license),
  site_url: activation.site_url,
  is_local: toBool(activation.is_local),
  environment: activation.environment,
  activated_at: activation.created_at,
  by,
});

/** No client secret hash, no provider reference: what the vendor's own records need. */
export const orderEventData = (row: OrderRow) => ({
  id: row.id,
  email: row.email,
  plugin_slug: row.plugin_slug,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  provider: row.provider,
  license_id: row.license_id,
  created_at: row.created_at,
  paid_at: row.paid_at,
});

/** Public release fields; the stored file name stays internal. */
export const releaseEventData = (row: ReleaseRow) => ({
  id: row.id,
  plugin_slug: row.plugin_slug,
  version: row.version,
  notes: row.notes,
  file_size: row.file_size,
  sha384: row.sha384,
  signature: row.signature,
  requires_wp: row.requires_wp,
  tested_wp: row.tested_wp,
  requires_php: row.requires_php,
  created_at: row.created_at,
});
