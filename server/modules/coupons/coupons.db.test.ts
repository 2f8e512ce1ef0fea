import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_PRICE, BUYABLE_SLUG, intentBody } from '../../test/checkout-test-helpers.js';
import { addPriceTier, withBuyableApp } from '../../test/shop-fixtures.js';
import type { AdminCoupon, CouponCheckResponse } from '../../../common/coupons.js';
import type { PublicPlugin } from '../../../common/catalog.js';

const DAY = 86_400_000;
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

describe(`coupons (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let baseTierId: number;
  let ip = 0;
  // Each request from its own address: the per-IP checkout budget (30 a minute) is not what these tests measure.
  const remoteAddress = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

  withBuyableApp(async (made, headers) => {
    [t, admin] = [made, headers];
    const plugins = (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<PublicPlugin[]>();
    baseTierId = plugins.find((plugin) => plugin.slug === BUYABLE_SLUG)!.prices[0]!.id;
  });

  const create = (body: object) => t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin, payload: body });
  const edit = (id: number, body: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/coupons/${id}`, headers: admin, payload: body });
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: admin })).json<AdminCoupon[]>();
  const made = async (body: object) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AdminCoupon>();
  };
  const check = async (body: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/coupons/check', payload: body, remoteAddress: remoteAddress() });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CouponCheckResponse>();
  };
  const checkout = (payload: object) => t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload, remoteAddress: remoteAddress() });
  const pay = (clientSecret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      payload: { clientSecret, cardNumber: '4242424242424242' },
      remoteAddress: remoteAddress(),
    });
  const redemptionsOf = async (couponId: number) => t.db.selectFrom('coupon_redemptions').selectAll().where('coupon_id', '=', couponId).orderBy('id').execute();
  const couponRow = (id: number) => t.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('the admin', () => {
    it('creates a coupon: the code is stored in upper case and listed', async () => {
      const coupon = await made({ code: 'spring-20', kind: 'percent', value: 20 });
      expect(coupon).toMatchObject({
        code: 'SPRING-20',
        kind: 'percent',
        value: 20,
        currency: null,
        plugin_slugs: [],
        price_ids: [],
        for_new: true,
        for_renewals: false,
        max_redemptions: null,
        max_per_buyer: null,
        redemptions: 0,
        active: true,
      });
      expect((await list()).map((c) => c.code)).toContain('SPRING-20');
      const activity = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'coupon_created').executeTakeFirstOrThrow();
      expect(JSON.parse(activity.details)).toMatchObject({ code: 'SPRING-20' });
    });

    it.each([
      ['a percentage over 100', { code: 'BAD1', kind: 'percent', value: 101 }, /value: A percentage must be from 1 to 100/],
      ['a percentage of 0', { code: 'BAD2', kind: 'percent', value: 0 }, /value/],
      ['a fixed amount without currency', { code: 'BAD3', kind: 'fixed', value: 500 }, /currency: A fixed amount needs its currency/],
      ['a percentage with a currency', { code: 'BAD4', kind: 'percent', value: 10, currency: 'GBP' }, /currency/],
      ['an unknown kind', { code: 'BAD5', kind: 'free', value: 10 }, /kind must be percent or fixed/],
      ['a code with spaces', { code: 'TWO WORDS', kind: 'percent', value: 10 }, /code may hold only letters/],
      ['a code too short', { code: 'AB', kind: 'percent', value: 10 }, /at least 3/],
      ['neither new sales nor renewals', { code: 'BAD6', kind: 'percent', value: 10, for_new: false }, /new sales, renewals or both/],
      ['valid_to before valid_from', { code: 'BAD7', kind: 'percent', value: 10, valid_from: isoIn(DAY), valid_to: isoIn(-DAY) }, /valid_to must be after/],
      ['a date that is not one', { code: 'BAD8', kind: 'percent', value: 10, valid_to: 'tomorrow' }, /valid_to must be a date/],
      ['a limit of 0', { code: 'BAD9', kind: 'percent', value: 10, max_redemptions: 0 }, /max_redemptions must be at least 1/],
      ['an unknown field', { code: 'BAD10', kind: 'percent', value: 10, foo: 1 }, /foo/],
    ])('refuses %s with a 400 naming the problem, writing nothing', async (_name, body, message) => {
      const before = await list();
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(await list()).toEqual(before);
    });

    it('refuses a scope naming a plugin or tier that does not exist (400)', async () => {
      const plugin = await create({ code: 'NOPLUGIN', kind: 'percent', value: 10, plugin_slugs: ['no-such-plugin'] });
      expect(plugin.statusCode).toBe(400);
      expect(plugin.json<{ message: string }>().message).toMatch(/no plugin with the slug "no-such-plugin"/);
      const tier = await create({ code: 'NOTIER', kind: 'percent', value: 10, price_ids: [999999] });
      expect(tier.statusCode).toBe(400);
      expect(tier.json<{ message: string }>().message).toMatch(/no price tier with the id 999999/);
    });

    it('refuses a duplicate code whatever its case (409), on create and on edit', async () => {
      const response = await create({ code: 'Spring-20', kind: 'fixed', value: 500, currency: 'GBP' });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(/SPRING-20 exists already/);
      const other = await made({ code: 'OTHER', kind: 'percent', value: 5 });
      expect((await edit(other.id, { code: 'spring-20' })).statusCode).toBe(409);
    });

    it('edits and deactivates a coupon; the rules between fields hold against the stored coupon', async () => {
      const coupon = await made({ code: 'EDITME', kind: 'percent', value: 10 });
      expect((await edit(coupon.id, { kind: 'fixed' })).json<{ message: string }>().message).toMatch(/currency: A fixed amount needs its currency/);
      expect((await edit(coupon.id, { value: 150 })).statusCode).toBe(400);
      const changed = await edit(coupon.id, { kind: 'fixed', value: 700, currency: 'GBP', max_redemptions: 3, code: 'edited' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ code: 'EDITED', kind: 'fixed', value: 700, currency: 'GBP', max_redemptions: 3 });
      expect((await edit(coupon.id, { active: false })).json()).toMatchObject({ active: false });
      expect(await check({ coupon_code: 'edited', plugin: BUYABLE_SLUG })).toMatchObject({ valid: false, reason: 'inactive' });
      expect((await edit(999999, { active: false })).statusCode).toBe(404);
      expect((await edit(coupon.id, {})).statusCode).toBe(400);
    });

    it('needs an admin session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/coupons' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/coupons', payload: { code: 'X1X', kind: 'percent', value: 1 } })).statusCode).toBe(401);
    });
  });

  describe('the check', () => {
    it('answers the discounted amount for a percentage and a fixed amount, whatever the case of the code', async () => {
      expect(await check({ coupon_code: 'spring-20', plugin: BUYABLE_SLUG })).toEqual({
        valid: true,
        code: 'SPRING-20',
        price: BUYABLE_PRICE,
        discount: 980,
        amount: BUYABLE_PRICE - 980,
        currency: 'GBP',
        label: '20% off',
      });
      await made({ code: 'FIVER', kind: 'fixed', value: 500, currency: 'GBP' });
      expect(await check({ coupon_code: 'Fiver', plugin: BUYABLE_SLUG, price_id: baseTierId })).toMatchObject({
        valid: true,
        discount: 500,
        amount: BUYABLE_PRICE - 500,
        label: '£5 off',
      });
    });

    it.each([
      ['unknown', 'NOSUCHCODE', {}, 'unknown', /does not exist/],
      ['not yet valid', 'LATER', { valid_from: isoIn(DAY) }, 'not_yet_valid', /not valid yet/],
      ['expired', 'GONE', { valid_to: isoIn(-1000) }, 'expired', /expired/],
      ['for renewals only', 'RENEWONLY', { for_new: false, for_renewals: true }, 'not_for_new', /renewals only/],
      ['for another plugin', 'OTHERPLUGIN', { plugin_slugs: ['ucre'] }, 'out_of_scope', /does not apply/],
      ['in another currency', 'DOLLARS', { kind: 'fixed', value: 500, currency: 'USD' }, 'wrong_currency', /another currency/],
      ['making the order free', 'FREEBIE', { value: 100 }, 'free_order', /free/],
    ])('gives the reason when the code is %s', async (_name, code, fields, reason, message) => {
      if (code !== 'NOSUCHCODE') await made({ code, kind: 'percent', value: 10, ...fields });
      const answer = await check({ coupon_code: code, plugin: BUYABLE_SLUG });
      expect(answer).toMatchObject({ valid: false, code, reason });
      expect(answer.valid === false && answer.message).toMatch(message);
    });

    it('says a new-sales coupon is not for renewals, and a renewal coupon applies to renewals', async () => {
      expect(await check({ coupon_code: 'SPRING-20', plugin: BUYABLE_SLUG, kind: 'renewal' })).toMatchObject({ valid: false, reason: 'not_for_renewals' });
      expect(await check({ coupon_code: 'RENEWONLY', plugin: BUYABLE_SLUG, kind: 'renewal' })).toMatchObject({ valid: true });
    });

    it('scopes by plugin or by tier', async () => {
      const tier = await addPriceTier(t, admin, { name: 'Business', sites: 5, term: 'year', amount: 9900, currency: 'GBP' });
      await made({ code: 'BUSINESS', kind: 'percent', value: 50, price_ids: [tier.id] });
      await made({ code: 'THISPLUGIN', kind: 'percent', value: 10, plugin_slugs: [BUYABLE_SLUG] });
      expect(await check({ coupon_code: 'BUSINESS', plugin: BUYABLE_SLUG, price_id: tier.id })).toMatchObject({ valid: true, discount: 4950, amount: 4950 });
      expect(await check({ coupon_code: 'BUSINESS', plugin: BUYABLE_SLUG, price_id: baseTierId })).toMatchObject({ valid: false, reason: 'out_of_scope' });
      expect(await check({ coupon_code: 'THISPLUGIN', plugin: BUYABLE_SLUG, price_id: tier.id })).toMatchObject({ valid: true, amount: 8910 });
    });

    it.each([
      ['no code', { plugin: BUYABLE_SLUG }, 400, /coupon_code/],
      ['a code with a space', { coupon_code: 'A B', plugin: BUYABLE_SLUG }, 400, /coupon_code may hold only/],
      ['no plugin', { coupon_code: 'SPRING-20' }, 400, /plugin/],
      ['a bad e-mail', { coupon_code: 'SPRING-20', plugin: BUYABLE_SLUG, email: 'nope' }, 400, /email/],
      ['an unknown plugin', { coupon_code: 'SPRING-20', plugin: 'no-such-plugin' }, 404, /no-such-plugin/],
      ['an unknown tier', { coupon_code: 'SPRING-20', plugin: BUYABLE_SLUG, price_id: 999999 }, 404, /999999/],
    ])('answers %s with a %i', async (_name, payload, status, message) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/coupons/check', payload, remoteAddress: remoteAddress() });
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(message);
    });

    it('is rate limited per address', async () => {
      const answers = [];
      for (let i = 0; i < 21; i++) {
        answers.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/coupons/check',
              payload: { coupon_code: `GUESS${i}`, plugin: BUYABLE_SLUG },
              remoteAddress: '10.9.9.9',
            })
          ).statusCode,
        );
      }
      expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(answers[20]).toBe(429);
    });
  });

  describe('checkout', () => {
    it('charges the tier price minus the discount and records the coupon, the discount and one redemption with the order', async () => {
      const coupon = await made({ code: 'CHECKOUT10', kind: 'percent', value: 10 });
      const wrongAmount = await checkout(intentBody({ customerEmail: 'full@example.com', coupon_code: 'checkout10' }));
      expect(wrongAmount.statusCode).toBe(422);
      expect(wrongAmount.json<{ message: string }>().message).toMatch(/with the coupon CHECKOUT10, £44.10/);
      expect(await redemptionsOf(coupon.id)).toEqual([]);

      const intent = await checkout(intentBody({ customerEmail: 'Coupon.Buyer@Example.com', coupon_code: 'checkout10', amount: 4410 }));
      expect(intent.statusCode, intent.body).toBe(200);
      const order = await t.db.selectFrom('orders').selectAll().where('email', '=', 'Coupon.Buyer@Example.com').executeTakeFirstOrThrow();
      expect(order).toMatchObject({ amount: 4410, discount_amount: 490, coupon_id: coupon.id, status: 'pending', price_id: baseTierId });
      // The unpaid order holds a reservation; the payment makes it a redemption (coupon-reservations.db.test.ts).
      expect(await redemptionsOf(coupon.id)).toEqual([expect.objectContaining({ order_id: order.id, email: 'coupon.buyer@example.com', status: 'reserved' })]);
      expect((await couponRow(coupon.id)).redemptions).toBe(0);

      // Trying again reuses the waiting order: no second reservation.
      const again = await checkout(intentBody({ customerEmail: 'Coupon.Buyer@Example.com', coupon_code: 'CHECKOUT10', amount: 4410 }));
      expect(again.statusCode).toBe(200);
      expect(await redemptionsOf(coupon.id)).toHaveLength(1);

      expect((await pay(again.json<{ clientSecret: string }>().clientSecret)).json()).toEqual({ status: 'succeeded' });
      expect(await redemptionsOf(coupon.id)).toEqual([expect.objectContaining({ order_id: order.id, status: 'redeemed', reserved_until: null })]);
      expect((await couponRow(coupon.id)).redemptions).toBe(1);
      const paid = await t.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      expect(paid).toMatchObject({ status: 'paid', amount: 4410, discount_amount: 490 });

      const email = await t.app.inject({ method: 'GET', url: `/api/admin/emails?order_id=${order.id}`, headers: admin });
      expect(email.json<Array<{ text: string }>>()[0]?.text).toMatch(/^Coupon CHECKOUT10: £4.90 off, you paid £44.10$/m);

      const orders = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin });
      expect(orders.json<Array<Record<string, unknown>>>().find((o) => o.id === order.id)).toMatchObject({ coupon_code: 'CHECKOUT10', discount_amount: 490 });
    });

    it('refuses a checkout whose coupon does not apply (422 with the reason), writing no order', async () => {
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom('orders')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      for (const [code, message] of [
        ['NOSUCHCODE', /does not exist/],
        ['GONE', /expired/],
        ['OTHERPLUGIN', /does not apply/],
        ['FREEBIE', /free/],
      ] as const) {
        const response = await checkout(intentBody({ customerEmail: 'refused@example.com', coupon_code: code, amount: 4000 }));
        expect(response.statusCode).toBe(422);
        expect(response.json<{ message: string }>().message).toMatch(message);
      }
      const malformed = await checkout(intentBody({ coupon_code: 'no spaces please' }));
      expect(malformed.statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it('keeps the per-buyer limit by e-mail, case-insensitively', async () => {
      const coupon = await made({ code: 'ONCEEACH', kind: 'fixed', value: 900, currency: 'GBP', max_per_buyer: 1 });
      const first = await checkout(intentBody({ customerEmail: 'once@example.com', coupon_code: 'ONCEEACH', amount: 4000 }));
      expect(first.statusCode).toBe(200);
      await pay(first.json<{ clientSecret: string }>().clientSecret);
      expect(await check({ coupon_code: 'ONCEEACH', plugin: BUYABLE_SLUG, email: 'ONCE@example.com' })).toMatchObject({ valid: false, reason: 'buyer_limit' });
      const second = await checkout(intentBody({ customerEmail: 'Once@Example.com', coupon_code: 'ONCEEACH', amount: 4000 }));
      expect(second.statusCode).toBe(422);
      expect(second.json<{ message: string }>().message).toMatch(/already used this coupon/);
      expect(await check({ coupon_code: 'ONCEEACH', plugin: BUYABLE_SLUG, email: 'someone.else@example.com' })).toMatchObject({ valid: true });
      expect((await couponRow(coupon.id)).redemptions).toBe(1);
    });

    it('keeps the total limit and then answers exhausted', async () => {
      const coupon = await made({ code: 'TWOONLY', kind: 'percent', value: 10, max_redemptions: 2 });
      for (const email of ['a@two.example', 'b@two.example']) {
        expect((await checkout(intentBody({ customerEmail: email, coupon_code: 'TWOONLY', amount: 4410 }))).statusCode).toBe(200);
      }
      const third = await checkout(intentBody({ customerEmail: 'c@two.example', coupon_code: 'TWOONLY', amount: 4410 }));
      expect(third.statusCode).toBe(422);
      expect(third.json<{ message: string }>().message).toMatch(/used up/);
      expect(await check({ coupon_code: 'TWOONLY', plugin: BUYABLE_SLUG })).toMatchObject({ valid: false, reason: 'exhausted' });
      expect((await redemptionsOf(coupon.id)).map((row) => row.status)).toEqual(['reserved', 'reserved']);
    });

    it('takes exactly 10 of 50 concurrent checkouts against a coupon limited to 10', async () => {
      const coupon = await made({ code: 'RUSH10', kind: 'percent', value: 25, max_redemptions: 10 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => checkout(intentBody({ customerEmail: `rush${i}@example.com`, coupon_code: 'RUSH10', amount: 3675 }))),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 422)).toHaveLength(40);
      const orders = await t.db.selectFrom('orders').select(['id', 'amount', 'discount_amount']).where('coupon_id', '=', coupon.id).execute();
      expect(orders).toHaveLength(10);
      expect(orders.every((order) => order.amount === 3675 && order.discount_amount === 1225)).toBe(true);
      expect(await redemptionsOf(coupon.id)).toHaveLength(10);
      expect((await couponRow(coupon.id)).redemptions).toBe(0); // reserved, not yet paid
    });

    it('keeps the per-buyer limit under 20 concurrent checkouts of one buyer for two tiers (so two different orders could be made)', async () => {
      const tier = await addPriceTier(t, admin, { name: 'Agency', sites: 20, term: 'year', amount: 20000, currency: 'GBP' });
      const coupon = await made({ code: 'ONEPERBUYER', kind: 'percent', value: 10, max_per_buyer: 1 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          checkout(
            intentBody({
              customerEmail: i % 3 === 0 ? 'SAME@example.com' : 'same@example.com',
              coupon_code: 'ONEPERBUYER',
              ...(i % 2 === 0 ? { amount: 4410 } : { amount: 18000, items: [{ id: BUYABLE_SLUG, price_id: tier.id }] }),
            }),
          ),
        ),
      );
      // 200 (the order, or the same order again), 422 (the limit), or 409 when a same-key attempt lost its race: never a 5xx.
      expect(answers.every((answer) => [200, 409, 422].includes(answer.statusCode))).toBe(true);
      expect(await redemptionsOf(coupon.id)).toHaveLength(1);
      expect(await t.db.selectFrom('orders').select('id').where('coupon_id', '=', coupon.id).execute()).toHaveLength(1);
    });
  });
});
