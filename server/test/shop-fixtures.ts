// What the tests of sales, renewals and customers set up alike: a shop with a webhook endpoint (so changes write
// deliveries), price tiers added by the admin, purchases paid with the test card, and what they left behind (the
// delivered licence e-mail, the latest webhook delivery).
import { expect } from 'vitest';
import type { AdminPrice } from '../../common/prices.js';
import type { Database } from '../db/database.js';
import type { AppContext } from '../kernel/context.js';
import { applyPaymentEvent } from '../modules/orders/index.js';
import { BUYABLE_SLUG, ensureQualifyingRelease, intentBody } from './checkout-test-helpers.js';
import { createTestApp, withTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** Adds a webhook endpoint through the admin API (201); `events` as the admin picks them (absent: the API's default). */
export async function addWebhookEndpoint(t: TestApp, headers: Record<string, string>, events?: string[]): Promise<void> {
  const payload = { url: 'https://hooks.example.com/in', ...(events ? { events } : {}) };
  const endpoint = await t.app.inject({ method: 'POST', url: '/api/admin/webhook-endpoints', headers, payload });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
}

/** A test app with the admin's headers and a webhook endpoint for `events` (every event: []). */
export async function createAppWithEndpoint(events: string[] = [], options: TestAppOptions = {}): Promise<{ t: TestApp; headers: Record<string, string> }> {
  const t = await createTestApp(options);
  const headers = await t.adminHeaders();
  await addWebhookEndpoint(t, headers, events);
  return { t, headers };
}

/** Adds a price tier to `slug` through the admin API (201) and answers it. */
export async function addPriceTier(t: TestApp, headers: Record<string, string>, body: object, slug = BUYABLE_SLUG): Promise<AdminPrice> {
  const response = await t.app.inject({ method: 'POST', url: `/api/admin/plugins/${slug}/prices`, headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminPrice>();
}

/** Pays a checkout's payment intent with the test provider's card 4242… */
export const payWithTestCard = (t: TestApp, clientSecret: string) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });

/** Buys `price` of the buyable plugin as `email` with the test card (at its sale amount, if any); answers the paid order and its licence. */
export async function buyWithTestCard(t: TestApp, price: Pick<AdminPrice, 'id' | 'amount'> & { sale_amount?: number | null }, email: string) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: intentBody({ items: [{ id: BUYABLE_SLUG, price_id: price.id }], amount: price.sale_amount ?? price.amount, customerEmail: email }),
  });
  expect(intent.statusCode, intent.body).toBe(200);
  expect((await payWithTestCard(t, intent.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
  const order = await t.db.selectFrom('orders').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { order, license: await t.db.selectFrom('licenses').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow() };
}

/** The licence e-mail of an order once it has left (rendered at send time; the outbox without SMTP). */
export async function deliveredEmail(db: Database, orderId: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await db.selectFrom('emails').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    if (row && row.status !== 'pending' && row.status !== 'sending') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the e-mail of order ${orderId} never left`);
}

/** The `data` of the latest webhook delivery of `eventType` (throws when there is none). */
export async function latestDeliveryData(db: Database, eventType: string): Promise<Record<string, unknown>> {
  const delivery = await db.selectFrom('webhook_deliveries').select('body').where('event_type', '=', eventType).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return (JSON.parse(delivery.body) as { data: Record<string, unknown> }).data;
}

/** Creates a licence through the admin API and answers its id and key. */
export async function createAdminLicense(t: TestApp, headers: Record<string, string>, payload: object) {
  const created = await t.app.inject({ method: 'POST', url: '/api/admin/licenses', headers, payload });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number; key: string }>();
}

/** A vendor's three tiers (issue 40): a one-site and a five-site yearly tier and an unlimited lifetime one, in US dollars. */
export const VENDOR_TIERS = [
  { name: 'Personal', sites: 1, term: 'year', amount: 4900, currency: 'USD' },
  { name: 'Business', sites: 5, term: 'year', amount: 9900, currency: 'USD' },
  { name: 'Unlimited', sites: null, term: 'lifetime', amount: 29900, currency: 'USD' },
] as const;

/** Records a Lemon Squeezy order paid (its order_created webhook, applied; £49 of the buyable plugin unless told), which must be fulfilled; answers the order's id. */
export async function lemonSqueezyOrderPaid(ctx: AppContext, ref: string, order: { email: string; pluginSlug?: string; amount?: number; currency?: string }) {
  const result = await applyPaymentEvent(ctx, {
    kind: 'paid',
    provider: 'lemonsqueezy',
    eventId: `evt-${ref}`,
    eventType: 'order_created',
    providerRef: ref,
    order: { pluginSlug: BUYABLE_SLUG, amount: 4900, currency: 'GBP', ...order },
  });
  expect(result.outcome).toBe('fulfilled');
  return result.orderId as number;
}

/** Inserts a webhook endpoint row for every event, not busy, made and updated `at`; answers its id. */
export async function insertWebhookEndpointRow(db: Database, at: string, active = 1): Promise<number> {
  const values = {
    url: 'https://hooks.example.com/in',
    secret: 'whsec_test',
    events: '[]',
    active,
    busy_until: null,
    busy_token: null,
    created_at: at,
    updated_at: at,
  };
  return (await db.insertInto('webhook_endpoints').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** withTestApp for a shop whose buyable plugin can be bought (its qualifying release): `use` gets the app and the admin's headers. */
export function withBuyableApp(use: (t: TestApp, admin: Record<string, string>) => unknown, options: TestAppOptions = {}): void {
  withTestApp(options, async (t) => {
    await ensureQualifyingRelease(t.db);
    await use(t, await t.adminHeaders());
  });
}

/** The highest id in `table` (0 when empty): rows written later have higher ids. */
export async function maxId(db: Database, table: 'emails' | 'webhook_deliveries'): Promise<number> {
  return Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
}

/** A customers row as the customers module keeps it: one paid order of 49.00 GBP at `at`. */
export const customerRow = (email: string, name: string | null = null, at = '2026-06-01T00:00:00.000Z') => ({
  email,
  name,
  first_purchase_at: at,
  last_purchase_at: at,
  order_count: 1,
  license_count: 1,
  total_paid: 4900,
  currencies: 'GBP',
  created_at: at,
  updated_at: at,
});
