import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, intentBody } from '../../test/checkout-test-helpers.js';
import { withBuyableApp } from '../../test/shop-fixtures.js';
import type { AdminCoupon, CouponCheckResponse } from '../../../common/coupons.js';
import { COUPON_RESERVATION_MS, COUPON_RESERVATIONS_PER_ADDRESS } from './index.js';

// Issue 37 (docs/pricing.md "Coupons"): a limited coupon is reserved, not spent, by an unpaid checkout; the payment
// redeems it, a cancel or the reservation running out gives the place back, and one address holds at most
// COUPON_RESERVATIONS_PER_ADDRESS live reservations of one coupon.
describe(`coupon reservations (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ip = 0;
  const nextAddress = () => `10.3.${Math.floor(++ip / 250)}.${ip % 250}`;

  withBuyableApp((made, headers) => ([t, admin] = [made, headers]));

  const made = async (code: string, maxRedemptions: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin,
      payload: { code, kind: 'percent', value: 10, max_redemptions: maxRedemptions },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminCoupon>();
  };
  // 10% off £49.00: £44.10.
  const checkout = (code: string, email: string, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      remoteAddress,
      payload: intentBody({ customerEmail: email, coupon_code: code, amount: 4410 }),
    });
  const pay = (clientSecret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      remoteAddress: nextAddress(),
      payload: { clientSecret, cardNumber: '4242424242424242' },
    });
  const check = async (code: string) =>
    (
      await t.app.inject({ method: 'POST', url: '/api/coupons/check', remoteAddress: nextAddress(), payload: { coupon_code: code, plugin: BUYABLE_SLUG } })
    ).json<CouponCheckResponse>();
  const rows = (couponId: number) => t.db.selectFrom('coupon_redemptions').selectAll().where('coupon_id', '=', couponId).orderBy('id').execute();
  const redemptions = async (couponId: number) =>
    (await t.db.selectFrom('coupons').select('redemptions').where('id', '=', couponId).executeTakeFirstOrThrow()).redemptions;
  const orderOf = (email: string) => t.db.selectFrom('orders').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

  it("a stranger's 10 unpaid checkouts from one address hold only 3 places of a 5-use coupon; others still buy", async () => {
    const coupon = await made('FIVEUSES', 5);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await checkout('FIVEUSES', `stranger${i}@example.com`, '203.0.113.5'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers[3]!.json<{ message: string }>().message).toBe(
      `${COUPON_RESERVATIONS_PER_ADDRESS} unpaid checkouts with the coupon FIVEUSES are already waiting from your address. Pay for one of them, or wait up to 30 minutes for one to lapse, before starting another.`,
    );
    // The refused checkouts wrote nothing.
    expect(await t.db.selectFrom('orders').select('id').where('coupon_id', '=', coupon.id).execute()).toHaveLength(3);
    expect(await check('FIVEUSES')).toMatchObject({ valid: true });

    // Two real buyers take the last places; the coupon is then used up for a sixth, until someone lets go.
    for (const email of ['real1@example.com', 'real2@example.com']) expect((await checkout('FIVEUSES', email)).statusCode).toBe(200);
    const sixth = await checkout('FIVEUSES', 'real3@example.com');
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json<{ message: string }>().message).toMatch(/used up/);
    expect(await check('FIVEUSES')).toMatchObject({ valid: false, reason: 'exhausted' });
    expect((await rows(coupon.id)).map((row) => row.status)).toEqual(['reserved', 'reserved', 'reserved', 'reserved', 'reserved']);
    expect((await rows(coupon.id))[0]).toMatchObject({ client_address: '203.0.113.5' });
    expect(await redemptions(coupon.id)).toBe(0);
  });

  it('holds a place for COUPON_RESERVATION_MS; once that has run out, the place is free again and the address may reserve again', async () => {
    const coupon = await made('LAPSING', 1);
    const first = await checkout('LAPSING', 'slow@example.com', '198.51.100.7');
    expect(first.statusCode).toBe(200);
    const [row] = await rows(coupon.id);
    expect(Date.parse(row!.reserved_until!) - Date.parse(row!.created_at)).toBe(COUPON_RESERVATION_MS);
    expect((await checkout('LAPSING', 'next@example.com')).statusCode).toBe(422);
    // Half an hour passes unpaid (the hold is moved into the past).
    await t.db
      .updateTable('coupon_redemptions')
      .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row!.id)
      .execute();
    expect(await check('LAPSING')).toMatchObject({ valid: true });
    const next = await checkout('LAPSING', 'next@example.com');
    expect(next.statusCode).toBe(200);
    // The late payment of the lapsed checkout still counts: its buyer was charged the discounted price.
    expect((await pay(first.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await redemptions(coupon.id)).toBe(1);
    expect((await rows(coupon.id)).map((r) => r.status)).toEqual(['redeemed', 'reserved']);
  });

  it('a buyer trying again after their hold ran out gets a new order, checked against the limits again', async () => {
    const coupon = await made('RETRYLATE', 1);
    const lapse = () =>
      t.db
        .updateTable('coupon_redemptions')
        .set({ reserved_until: new Date(Date.now() - 1000).toISOString() })
        .where('coupon_id', '=', coupon.id)
        .where('status', '=', 'reserved')
        .execute();
    expect((await checkout('RETRYLATE', 'late@example.com')).statusCode).toBe(200);
    const first = await orderOf('late@example.com');
    await lapse();
    // Nobody took the place meanwhile: a new order holds it again, the old one's hold is released.
    expect((await checkout('RETRYLATE', 'late@example.com')).statusCode).toBe(200);
    const again = await t.db.selectFrom('orders').select('id').where('email', '=', 'late@example.com').orderBy('id').execute();
    expect(again.map((order) => order.id)).toEqual([first.id, expect.any(Number)]);
    expect((await rows(coupon.id)).map((row) => [row.order_id, row.status])).toEqual([
      [first.id, 'released'],
      [again[1]!.id, 'reserved'],
    ]);
    // Its hold runs out too, and another buyer takes the place: trying again is refused, writing nothing.
    await lapse();
    expect((await checkout('RETRYLATE', 'quick@example.com')).statusCode).toBe(200);
    const refused = await checkout('RETRYLATE', 'late@example.com');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/used up/);
    expect(await t.db.selectFrom('orders').select('id').where('email', '=', 'late@example.com').execute()).toHaveLength(2);
  });

  it('the payment turns the reservation into a redemption; the admin cancelling a pending order releases its place', async () => {
    const coupon = await made('ONEPLACE', 2);
    const paid = await checkout('ONEPLACE', 'payer@example.com');
    const unpaid = await checkout('ONEPLACE', 'dropper@example.com');
    expect([paid.statusCode, unpaid.statusCode]).toEqual([200, 200]);
    expect((await pay(paid.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await redemptions(coupon.id)).toBe(1);
    expect((await checkout('ONEPLACE', 'waiting@example.com')).statusCode).toBe(422);

    const dropped = await orderOf('dropper@example.com');
    const cancel = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${dropped.id}/cancel`, headers: admin });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await rows(coupon.id)).map((row) => row.status)).toEqual(['redeemed', 'released']);
    expect((await checkout('ONEPLACE', 'waiting@example.com')).statusCode).toBe(200);
    expect(await redemptions(coupon.id)).toBe(1);
  });

  it("an erase keeps the customer's redemption counted under the anonymous address, without their client address", async () => {
    const coupon = await made('ERASEME', 3);
    const bought = await checkout('ERASEME', 'erased.buyer@example.com', '198.51.100.99');
    expect((await pay(bought.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await rows(coupon.id))[0]).toMatchObject({ status: 'redeemed', client_address: '198.51.100.99' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/customers?search=erased.buyer', headers: admin });
    const customer = list.json<{ customers: Array<{ id: number; email: string }> }>().customers.find((c) => c.email === 'erased.buyer@example.com');
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/customers/${customer!.id}/erase`, headers: admin, payload: { licenses: 'keep' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await rows(coupon.id)).toEqual([
      expect.objectContaining({ status: 'redeemed', email: `erased-customer-${customer!.id}@invalid`, client_address: null }),
    ]);
    expect(await redemptions(coupon.id)).toBe(1);
  });

  it('never over-reserves under 40 parallel checkouts from 40 addresses against a 5-use coupon', async () => {
    const coupon = await made('PARALLEL5', 5);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => checkout('PARALLEL5', `parallel${i}@example.com`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(35);
    expect(await rows(coupon.id)).toHaveLength(5);
    expect(await t.db.selectFrom('orders').select('id').where('coupon_id', '=', coupon.id).execute()).toHaveLength(5);
  });

  it('keeps the per-address cap under 12 parallel checkouts from one address', async () => {
    const coupon = await made('ONEADDRESS', 50);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => checkout('ONEADDRESS', `same-address${i}@example.com`, '192.0.2.77')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(COUPON_RESERVATIONS_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - COUPON_RESERVATIONS_PER_ADDRESS);
    expect(await rows(coupon.id)).toHaveLength(COUPON_RESERVATIONS_PER_ADDRESS);
  });
});
