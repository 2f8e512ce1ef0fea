import type { Kysely, Selectable } from 'kysely';
import type { DB, WebhookEndpointsTable } from '../../db/schema.js';
import { fromBool, parseJsonList, toBool } from '../../db/portable.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '../../../common/webhooks.js';
import { secretHint } from './secret.js';
import type { Db } from '../../db/database.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;

const asEvents = (stored: string): WebhookEventType[] =>
  parseJsonList(stored).filter((type): type is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type));

export const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: asEvents(row.events),
  active: toBool(row.active),
  secret_hint: secretHint(row.secret),
  created_at: row.created_at,
});

export async function listEndpoints(db: Db): Promise<EndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
}

export async function countEndpoints(db: Db): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findEndpoint(db: Db, id: number): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(
  db: Db,
  values: { url: string; secret: string; events: WebhookEventType[]; active: boolean; at: string },
): Promise<EndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      url: values.url,
      secret: values.secret,
      events: JSON.stringify(values.events),
      active: fromBool(values.active),
      created_at: values.at,
      updated_at: values.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  id: number,
  changes: { url?: string; events?: WebhookEventType[]; active?: boolean; secret?: string; at: string },
): Promise<EndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      updated_at: changes.at,
      ...(changes.url !== undefined && { url: changes.url }),
      ...(changes.events !== undefined && { events: JSON.stringify(changes.events) }),
      ...(changes.active !== undefined && { active: fromBool(changes.active) }),
      ...(changes.secret !== undefined && { secret: changes.secret }),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the endpoint and its delivery log (not relying on the SQLite foreign-key pragma). */
export async function deleteEndpoint(db: Kysely<DB>, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    const result = await trx.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
