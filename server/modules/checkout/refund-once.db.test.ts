import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import { addPriceTier, buyWithTestCard, payWithTestCard } from '../../test/shop-fixtures.js';
import type { AdminPrice } from '../../../common/prices.js';
import type { Order } from '../../../common/orders.js';
import { PaymentRefusedError, type PaymentProvider } from './payment-provider.js';
import { createTestProvider } from './test-provider.js';

// Issue 37 point 4: money moves once (docs/checkout.md "Refunds"). Concurrent refunds of one order make one
// provider call (the order is claimed in the database first), the test provider honours the idempotency key as
// Stripe does, and a licence's other paid orders can be refunded with it.
describe(`refunds move money once (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let yearly: AdminPrice;
  let buyers = 0;
  const refundCalls: string[] = [];

  beforeAll(async () => {
    // The built-in test provider, counting its refunds and taking a moment over each, as a real provider does.
    const inner = createTestProvider();
    const provider: PaymentProvider = {
      ...inner,
      refund: async (providerRef, input) => {
        refundCalls.push(providerRef);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return inner.refund(providerRef, input);
      },
    };
    t = await createTestApp({ env: { BASE_URL: 'https://shop.example.com' }, services: { paymentProvider: provider } });
    await ensureQualifyingRelease(t.db);
    admin = await t.adminHeaders();
    yearly = await addPriceTier(t, admin, { name: 'Business', sites: 5, term: 'year', amount: 10000, currency: 'GBP' });
  });
  afterAll(async () => t.close());

  const buy = async () => (await buyWithTestCard(t, yearly, `refund-once-${++buyers}@example.com`)).order;
  const refund = (id: number, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/refund`, headers: admin, ...(payload ? { payload } : {}) });

  it('ten concurrent refunds of one order: one 200, nine 409, one provider call, one refund recorded', async () => {
    const order = await buy();
    refundCalls.length = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => /already (in progress|refunded)/.test(answer.body))).toBe(true);
    expect(refundCalls).toEqual([order.provider_ref]);
    const events = await t.db.selectFrom('payment_events').select('id').where('event_type', '=', 'admin.refund').where('order_id', '=', order.id).execute();
    expect(events).toHaveLength(1);
    const emails = await t.db.selectFrom('emails').select('id').where('kind', '=', 'refund').where('order_id', '=', order.id).execute();
    expect(emails).toHaveLength(1);
  });

  it('the test provider honours the idempotency key as Stripe does: the same key is the same refund, another is refused', async () => {
    const provider = createTestProvider();
    const input = { amount: 4900, currency: 'GBP', idempotencyKey: 'refund-test_pi_1' };
    const first = await provider.refund('test_pi_1', input);
    expect(await provider.refund('test_pi_1', input)).toEqual(first);
    await expect(provider.refund('test_pi_1', { ...input, idempotencyKey: 'another' })).rejects.toBeInstanceOf(PaymentRefusedError);
  });

  it("lists the licence's other paid orders and refunds them together", async () => {
    const first = await buy();
    const license = await t.db.selectFrom('licenses').select(['id', 'key']).where('order_id', '=', first.id).executeTakeFirstOrThrow();
    const renewal = await t.app.inject({
      method: 'POST',
      url: '/api/renewals/payment-intent',
      payload: { license_key: license.key, kind: 'renewal', amount: yearly.amount },
    });
    expect(renewal.statusCode, renewal.body).toBe(200);
    expect((await payWithTestCard(t, renewal.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    const renewalOrder = await t.db.selectFrom('orders').selectAll().where('target_license_id', '=', license.id).executeTakeFirstOrThrow();

    const related = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${first.id}/related`, headers: admin });
    expect(related.json<Order[]>().map((order) => ({ id: order.id, kind: order.kind, status: order.status }))).toEqual([
      { id: renewalOrder.id, kind: 'renewal', status: 'paid' },
    ]);
    // An order not of this licence is refused, refunding nothing.
    const stranger = await buy();
    const refused = await refund(first.id, { also_refund: [stranger.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(`Order #${stranger.id} is not another paid order of the licence of order #${first.id}`);
    expect((await refund(first.id, { also_refund: ['x'] })).statusCode).toBe(400);

    const together = await refund(first.id, { also_refund: [renewalOrder.id] });
    expect(together.statusCode, together.body).toBe(200);
    const statuses = await t.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('id', 'in', [first.id, renewalOrder.id, stranger.id])
      .orderBy('id')
      .execute();
    expect(statuses).toEqual(
      [
        { id: first.id, status: 'refunded' },
        { id: stranger.id, status: 'paid' },
        { id: renewalOrder.id, status: 'refunded' },
      ].sort((a, b) => a.id - b.id),
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/orders/${first.id}/related`, headers: admin })).json()).toEqual([]);
  });
});
