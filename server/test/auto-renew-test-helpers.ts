import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease } from './checkout-test-helpers.js';

/** A £90 yearly tier of the buyable plugin (with its qualifying release): what automatic renewal charges for. */
export async function addYearlyTier(t: TestApp): Promise<number> {
  await ensureQualifyingRelease(t.db);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`,
    headers: await t.adminHeaders(),
    payload: { name: 'Yearly', sites: 5, term: 'year', amount: 9000, currency: 'GBP' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** Registers the hooks of a describe block: a test app with the yearly tier (handed to `use` with its id), closed after its tests. */
export function withYearlyTierApp(use: (t: TestApp, yearlyId: number) => void): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    use(t, await addYearlyTier(t));
  });
  afterAll(async () => t?.close());
}

let ip = 0;

/** Buys the yearly tier with automatic renewal on, paying with `card` (the test card the renewals will charge). */
export async function buyYearlyAutoRenewing(t: TestApp, yearlyId: number, email: string, card: string) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    remoteAddress: `10.8.${Math.floor(++ip / 250)}.${ip % 250}`,
    payload: { items: [{ id: BUYABLE_SLUG, price_id: yearlyId }], amount: 9000, customerEmail: email, auto_renew: true },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/test/confirm',
    remoteAddress: `10.8.${Math.floor(++ip / 250)}.${ip % 250}`,
    payload: { clientSecret: intent.json<{ clientSecret: string }>().clientSecret, cardNumber: card },
  });
  expect(confirm.json()).toEqual({ status: 'succeeded' });
  const license = await t.db.selectFrom('licenses').selectAll().where('customer_email', '=', email).executeTakeFirstOrThrow();
  return { id: license.id, expiresAt: license.expires_at as string };
}
