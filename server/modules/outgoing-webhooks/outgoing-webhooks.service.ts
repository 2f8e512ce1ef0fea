// Admin management of outgoing webhook endpoints and their delivery log (docs/webhooks.md).
import { unitOfWork } from '../../kernel/events.js';
import type { AppContext } from '../../kernel/context.js';
import type { Database } from '../../db/database.js';
import {
  MAX_WEBHOOK_ENDPOINTS,
  webhookEndpointCreateSchema,
  webhookEndpointUpdateSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
} from '../../../common/webhooks.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { copyDelivery, findDelivery, insertDelivery } from './deliveries.repository.js';
import { checkEndpointUrl } from './destination.js';
import { countEndpoints, deleteEndpoint, findEndpoint, insertEndpoint, toEndpoint, updateEndpoint, type EndpointRow } from './endpoints.repository.js';
import { eventBody } from './events.service.js';
import { newWebhookSecret } from './secret.js';

const notFound = (id: number) => new AppError('NOT_FOUND', `Webhook endpoint ${id} was not found`);
const withSecret = (row: EndpointRow): WebhookEndpointWithSecret => ({ ...toEndpoint(row), secret: row.secret });

/** A URL that reaches inside the network is refused with a 400 at its field, as a schema refusal would be. */
async function assertAllowedUrl(ctx: AppContext, url: string): Promise<void> {
  const refusal = await checkEndpointUrl(url, ctx.webhooks.destinationRules);
  if (refusal) throw new AppError('BAD_REQUEST', `Invalid body: url: ${refusal}`, { fields: [{ field: 'url', message: refusal }] });
}

export async function createEndpoint(ctx: AppContext, body: WebhookEndpointCreate): Promise<WebhookEndpointWithSecret> {
  const input = webhookEndpointCreateSchema.parse(body);
  await assertAllowedUrl(ctx, input.url);
  return unitOfWork(ctx, async ({ trx }) => {
    // Counted inside the transaction: SQLite runs one at a time; in PostgreSQL two racing creates may pass
    // together, which at worst makes 21 endpoints (the limit keeps the admin page usable, nothing depends on it).
    if ((await countEndpoints(trx)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError('CONFLICT', `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first`);
    }
    return withSecret(await insertEndpoint(trx, { url: input.url, events: input.events, active: input.active, secret: newWebhookSecret(), at: nowIso() }));
  });
}

export async function changeEndpoint(ctx: AppContext, id: number, body: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
  const input = webhookEndpointUpdateSchema.parse(body);
  if (input.url !== undefined) await assertAllowedUrl(ctx, input.url);
  const row = await updateEndpoint(ctx.db, id, { ...input, at: nowIso() });
  if (!row) throw notFound(id);
  // Reactivated: what waited while it was paused can go now.
  if (input.active) ctx.webhooks.kick();
  return toEndpoint(row);
}

/** A new secret takes effect at once, on the next attempt of every waiting delivery too. */
export async function rotateEndpointSecret(db: Database, id: number): Promise<WebhookEndpointWithSecret> {
  const row = await updateEndpoint(db, id, { secret: newWebhookSecret(), at: nowIso() });
  if (!row) throw notFound(id);
  return withSecret(row);
}

export async function removeEndpoint(db: Database, id: number): Promise<void> {
  if (!(await deleteEndpoint(db, id))) throw notFound(id);
}

/** "Send test event": a `test` event to this endpoint only, queued and retried like any other. */
export async function sendTestEvent(ctx: AppContext, id: number, baseUrl: string): Promise<WebhookDelivery> {
  const endpoint = await findEndpoint(ctx.db, id);
  if (!endpoint) throw notFound(id);
  if (endpoint.active !== 1) throw new AppError('CONFLICT', 'This endpoint is paused: activate it to send a test event');
  const at = nowIso();
  const event = eventBody('test', { message: 'A test event: your endpoint received and verified it.', endpoint_id: id, server: baseUrl }, at);
  const deliveryId = await insertDelivery(ctx.db, { endpoint_id: id, event_id: event.id, event_type: event.type, body: JSON.stringify(event), at });
  ctx.webhooks.kick();
  return (await findDelivery(ctx.db, deliveryId)) as WebhookDelivery;
}

/** "Resend": a copy of the delivery (same event id and body) with a fresh 24 h of retries. */
export async function resendDelivery(ctx: AppContext, id: number): Promise<WebhookDelivery> {
  const copyId = await copyDelivery(ctx.db, id, nowIso());
  if (copyId === null) throw new AppError('NOT_FOUND', `Webhook delivery ${id} was not found`);
  ctx.webhooks.kick();
  return (await findDelivery(ctx.db, copyId)) as WebhookDelivery;
}
