import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/database.js';
import { nowIso } from '../lib/time.js';

export const BUYABLE_SLUG = 'postcode-delivery-zones';
export const BUYABLE_PRICE = 4900;

/** Gives the plugin a qualifying release (the demo seed may not carry one), so it is purchasable. */
export async function ensureQualifyingRelease(db: Database, pluginSlug = BUYABLE_SLUG, version = '1.7.51'): Promise<void> {
  const existing = await db.selectFrom('releases').select('id').where('plugin_slug', '=', pluginSlug).where('version', '=', version).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('releases')
    .values({
      plugin_slug: pluginSlug,
      version,
      notes: '',
      zip_path: `${pluginSlug}-${version}-test.zip`,
      file_size: 1,
      sha384: '0'.repeat(96),
      signature: 'test',
      created_at: nowIso(),
    })
    .execute();
}

export const intentBody = (overrides: Record<string, unknown> = {}) => ({
  items: [{ id: BUYABLE_SLUG, name: 'Postcode Delivery Zones' }],
  amount: BUYABLE_PRICE,
  customerEmail: 'buyer@example.com',
  ...overrides,
});

/**
 * Buys `tier` of `slug` as `email` through the built-in test provider (card 4242…) and answers the intent's client
 * secret, with which `POST /api/checkout/order` answers the success page's data.
 */
export async function buyTierWithTestCard(app: FastifyInstance, slug: string, tier: { id: number; amount: number }, email: string): Promise<string> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: intentBody({ items: [{ id: slug, price_id: tier.id }], amount: tier.amount, customerEmail: email }),
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await app.inject({ method: 'POST', url: '/api/checkout/test/confirm', payload: { clientSecret, cardNumber: '4242424242424242' } });
  expect(paid.json()).toEqual({ status: 'succeeded' });
  return clientSecret;
}

/** The rows fulfilment writes, counted: what idempotency tests compare. */
export async function fulfilmentCounts(db: Database) {
  const count = async (table: 'orders' | 'licenses' | 'emails' | 'activities', where?: ['status' | 'action_type', string]) => {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one filter over tables that each have the column
    if (where) query = query.where(where[0] as any, '=', where[1]);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const paid = await count('orders', ['status', 'paid']);
  const orderPaidActivities = await count('activities', ['action_type', 'order_paid']);
  return { orders: await count('orders'), paid, licenses: await count('licenses'), emails: await count('emails'), orderPaidActivities };
}

export type FulfilmentCounts = Awaited<ReturnType<typeof fulfilmentCounts>>;

/** The counts after one more paid order was fulfilled (a licence, its e-mail, an order_paid activity); `newOrders`: orders written meanwhile. */
export const afterOneFulfilment = (before: FulfilmentCounts, newOrders = 0): FulfilmentCounts => ({
  orders: before.orders + newOrders,
  paid: before.paid + 1,
  licenses: before.licenses + 1,
  emails: before.emails + 1,
  orderPaidActivities: before.orderPaidActivities + 1,
});

/** A licence's status, read from its row. */
export const licenseStatus = async (db: Database, id: number) =>
  (await db.selectFrom('licenses').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
