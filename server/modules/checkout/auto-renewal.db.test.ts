import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import { ACCOUNT_API, CUSTOMER_SESSION_COOKIE, type AccountLicense } from '../../../common/account.js';
import { TEST_CARD_RENEWAL_DECLINED, TEST_CARD_RENEWAL_NEEDS_AUTH, TEST_CARD_SUCCESS } from '../../../common/checkout.js';
import { addTerm } from '../../../common/prices.js';
import { signInWorkSettled } from '../account/index.js';

// Automatic renewal with the built-in test provider (issue 26; docs/pricing.md "Automatic renewal"; decision 0013):
// the opt-in at checkout, the worker's charge at expiry through the renewal fulfilment path (once, with two app
// instances on one database), a declined card's e-mails and retries until it gives up, the account's switch.
const DAY = 86_400_000;
const HOUR = 3_600_000;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe(`automatic renewal, test provider (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let yearlyId: number;
  let lifetimeId: number;
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminHeaders();
    await ensureQualifyingRelease(t.db);
    const tier = async (payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/admin/plugins/${BUYABLE_SLUG}/prices`, headers: admin, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    yearlyId = await tier({ name: 'Yearly', sites: 5, term: 'year', amount: 9000, currency: 'GBP', renewal_discount_percent: 10 });
    lifetimeId = await tier({ name: 'Forever', sites: 5, term: 'lifetime', amount: 20000, currency: 'GBP' });
  });
  afterAll(async () => t.close());

  const startCheckout = (email: string, priceId: number, amount: number, autoRenew: boolean | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      remoteAddress: nextIp(),
      payload: {
        items: [{ id: BUYABLE_SLUG, price_id: priceId }],
        amount,
        customerEmail: email,
        ...(autoRenew === undefined ? {} : { auto_renew: autoRenew }),
      },
    });

  /** Buys the yearly tier with automatic renewal and `card`; answers the licence. */
  async function buyYearly(email: string, card = TEST_CARD_SUCCESS, autoRenew = true) {
    const intent = await startCheckout(email, yearlyId, 9000, autoRenew);
    expect(intent.statusCode, intent.body).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      remoteAddress: nextIp(),
      payload: { clientSecret: intent.json<{ clientSecret: string }>().clientSecret, cardNumber: card },
    });
    expect(confirm.json()).toEqual({ status: 'succeeded' });
    const license = await t.db.selectFrom('licenses').selectAll().where('customer_email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { id: license.id, key: license.key, expiresAt: license.expires_at as string };
  }

  const runAt = async (app: TestApp, at: number) => {
    app.ctx.renewalReminders.now = () => new Date(at);
    await app.ctx.autoRenewals.runNow();
  };
  const renewalOrders = (licenseId: number) =>
    t.db.selectFrom('orders').selectAll().where('target_license_id', '=', licenseId).where('kind', '=', 'renewal').orderBy('id').execute();
  const expiryOf = async (licenseId: number) =>
    (await t.db.selectFrom('licenses').select('expires_at').where('id', '=', licenseId).executeTakeFirstOrThrow()).expires_at as string;
  const activities = async (type: string, licenseId: number) =>
    (await t.db.selectFrom('activities').selectAll().where('action_type', '=', type).orderBy('id').execute()).filter(
      (row) => (JSON.parse(row.details) as { license_id?: number }).license_id === licenseId,
    );
  const emailsTo = (to: string, kind: string) =>
    t.db.selectFrom('emails').selectAll().where('to_address', '=', to).where('kind', '=', kind).orderBy('id').execute();

  /** A customer session through the e-mailed sign-in link. */
  async function signIn(email: string): Promise<Record<string, string>> {
    const asked = await t.app.inject({ method: 'POST', url: ACCOUNT_API.signIn, remoteAddress: nextIp(), headers: XHR, payload: { email } });
    expect(asked.statusCode).toBe(202);
    await signInWorkSettled(t.ctx);
    const [latest] = await emailsTo(email, 'sign_in').then((rows) => rows.reverse());
    const token = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/.exec(latest?.text ?? '')?.[1];
    const session = await t.app.inject({ method: 'POST', url: ACCOUNT_API.session, remoteAddress: nextIp(), headers: XHR, payload: { token } });
    expect(session.statusCode, session.body).toBe(200);
    const cookie = session.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE);
    return { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie?.value ?? ''}`, ...XHR };
  }
  const toggle = (licenseId: number, enabled: unknown, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/account/licences/${licenseId}/auto-renew`, remoteAddress: nextIp(), headers, payload: { enabled } });

  it('stores the opt-in on the licence with the test card; the account and the admin see it on', async () => {
    const email = 'opt-in@example.com';
    const license = await buyYearly(email);
    const row = await t.db.selectFrom('license_auto_renewals').selectAll().where('license_id', '=', license.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ enabled: 1, provider: 'test', payment_method_ref: TEST_CARD_SUCCESS, attempts: 0 });
    const adminView = await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${license.id}/auto-renewal`, headers: admin });
    expect(adminView.json()).toMatchObject({ enabled: true, card_saved: true, provider: 'test', failed_attempts: 0 });
    const customer = await signIn(email);
    const listed = await t.app.inject({ method: 'GET', url: ACCOUNT_API.licenses, remoteAddress: nextIp(), headers: customer });
    expect(listed.json<AccountLicense[]>().find((l) => l.id === license.id)?.auto_renew).toMatchObject({ enabled: true, card_saved: true });
    expect((await activities('auto_renew_enabled', license.id)).length).toBe(1);

    // Without the box ticked nothing is saved.
    const plain = await buyYearly('no-opt-in@example.com', TEST_CARD_SUCCESS, false);
    expect(await t.db.selectFrom('license_auto_renewals').selectAll().where('license_id', '=', plain.id).execute()).toEqual([]);
  });

  it('refuses automatic renewal for a lifetime tier with a 422 and writes no order', async () => {
    const before = await t.db.selectFrom('orders').select('id').execute();
    const refused = await startCheckout('lifetime@example.com', lifetimeId, 20000, true);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/only for a licence with a yearly or monthly term/);
    expect((await t.db.selectFrom('orders').select('id').execute()).length).toBe(before.length);
    const badType = await startCheckout('lifetime@example.com', yearlyId, 9000, 'yes' as unknown as boolean);
    expect(badType.statusCode).toBe(400);
  });

  it('charges once at expiry with two app instances on one database, through the renewal fulfilment path', async () => {
    const email = 'charged@example.com';
    const license = await buyYearly(email);
    const e = Date.parse(license.expiresAt);
    const other = await createTestApp({ testDb: t.testDb, seed: false });
    try {
      // A day before: nothing is due (auto_renew_days_before is 0).
      await runAt(t, e - DAY);
      expect(await renewalOrders(license.id)).toEqual([]);
      for (const at of [e + HOUR, e + 2 * HOUR, e + 2 * DAY]) {
        if (testDialect() === 'postgres') await Promise.all([runAt(t, at), runAt(other, at)]);
        else for (const app of [t, other]) await runAt(app, at);
      }
    } finally {
      await other.close();
    }
    const orders = await renewalOrders(license.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', amount: 8100, currency: 'GBP', provider: 'test', kind: 'renewal', price_id: yearlyId });
    expect(await expiryOf(license.id)).toBe(addTerm(license.expiresAt, 'year'));
    expect((await activities('auto_renew_charged', license.id)).length).toBe(1);
    const renewed = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'license_renewed').execute();
    expect(renewed.filter((row) => (JSON.parse(row.details) as { license_key: string }).license_key === license.key)).toHaveLength(1);
    // The receipt e-mail of the renewal order, as a manual renewal's.
    const receipts = await t.db.selectFrom('emails').selectAll().where('order_id', '=', orders[0]!.id).execute();
    expect(receipts.map((row) => row.kind)).toEqual(['licence']);
    // The next term starts afresh: a year on, it is charged again.
    await runAt(t, Date.parse(addTerm(license.expiresAt, 'year') as string) + HOUR);
    expect(await renewalOrders(license.id)).toHaveLength(2);
  });

  it('a declined card e-mails the renewal link, retries 1, 3 and 7 days after expiry, then gives up with a final e-mail', async () => {
    const email = 'declined@example.com';
    const license = await buyYearly(email, TEST_CARD_RENEWAL_DECLINED);
    const e = Date.parse(license.expiresAt);
    const steps: Array<[number, number, number, boolean]> = [
      // [clock, failed attempts so far, failure e-mails so far, still on]
      [e + HOUR, 1, 1, true],
      [e + 12 * HOUR, 1, 1, true],
      [e + DAY + HOUR, 2, 2, true],
      [e + 2 * DAY, 2, 2, true],
      [e + 3 * DAY + HOUR, 3, 3, true],
      [e + 7 * DAY + HOUR, 4, 3, false],
      [e + 30 * DAY, 4, 3, false],
    ];
    for (const [at, failed, emails, on] of steps) {
      await runAt(t, at);
      const when = new Date(at).toISOString();
      expect((await activities('auto_renew_failed', license.id)).length, `failed attempts at ${when}`).toBe(failed);
      expect((await emailsTo(email, 'auto_renew_failed')).length, `failure e-mails at ${when}`).toBe(emails);
      const row = await t.db.selectFrom('license_auto_renewals').selectAll().where('license_id', '=', license.id).executeTakeFirstOrThrow();
      expect(row.enabled, `on at ${when}`).toBe(on ? 1 : 0);
    }
    const stopped = await emailsTo(email, 'auto_renew_stopped');
    expect(stopped).toHaveLength(1);
    expect((await activities('auto_renew_stopped', license.id)).length).toBe(1);
    // Visible in the outbox with the wording from Settings and the renewal link.
    const [first] = await emailsTo(email, 'auto_renew_failed');
    expect(first!.status).toBe('outbox');
    expect(first!.subject).toBe('We could not renew your Postcode Delivery Zones licence');
    expect(first!.text).toContain(`/renew?key=${encodeURIComponent(license.key)}`);
    expect(stopped[0]!.subject).toBe('Automatic renewal of your Postcode Delivery Zones licence is off');
    expect(await expiryOf(license.id)).toBe(license.expiresAt);
    expect((await renewalOrders(license.id)).every((order) => order.status === 'pending')).toBe(true);
    const failed = await activities('auto_renew_failed', license.id);
    expect(JSON.parse(failed[0]!.details)).toMatchObject({ attempt: 1, code: 'card_declined' });
  });

  it('a card that needs authentication fails as authentication_required and sends the renewal link', async () => {
    const email = 'sca@example.com';
    const license = await buyYearly(email, TEST_CARD_RENEWAL_NEEDS_AUTH);
    await runAt(t, Date.parse(license.expiresAt) + HOUR);
    const [failed] = await activities('auto_renew_failed', license.id);
    expect(JSON.parse(failed!.details)).toMatchObject({ attempt: 1, code: 'authentication_required' });
    expect(await emailsTo(email, 'auto_renew_failed')).toHaveLength(1);
  });

  it('turned off in the account, the licence is not charged; on again, it is', async () => {
    const email = 'switch@example.com';
    const license = await buyYearly(email);
    const customer = await signIn(email);
    const off = await toggle(license.id, false, customer);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, card_saved: true });
    await runAt(t, Date.parse(license.expiresAt) + HOUR);
    expect(await renewalOrders(license.id)).toEqual([]);
    expect((await activities('auto_renew_disabled', license.id)).length).toBe(1);
    const on = await toggle(license.id, true, customer);
    expect(on.json()).toMatchObject({ enabled: true });
    await runAt(t, Date.parse(license.expiresAt) + 2 * HOUR);
    expect(await renewalOrders(license.id)).toHaveLength(1);
  });

  it('refuses the switch with a 4xx: another customer’s licence, revoked, lifetime, no saved card, bad body', async () => {
    const mine = await buyYearly('owner@example.com');
    const theirs = await buyYearly('other-owner@example.com');
    const customer = await signIn('owner@example.com');
    const foreign = await toggle(theirs.id, false, customer);
    expect(foreign.statusCode).toBe(404);
    expect((await toggle(mine.id, 'yes', customer)).statusCode).toBe(400);
    expect((await toggle(mine.id, true, {})).statusCode).toBe(401);

    const plain = await buyYearly('owner@example.com', TEST_CARD_SUCCESS, false);
    const noCard = await toggle(plain.id, true, customer);
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json<{ message: string }>().message).toMatch(/No card is saved for this licence.*\/renew\?key=/);

    const lifetime = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers: admin,
      payload: { plugin_slug: BUYABLE_SLUG, plan: 'lifetime', customer_email: 'owner@example.com' },
    });
    const lifetimeLicense = lifetime.json<{ id: number }>();
    const refusedLifetime = await toggle(lifetimeLicense.id, true, customer);
    expect(refusedLifetime.statusCode).toBe(422);
    expect(refusedLifetime.json<{ message: string }>().message).toMatch(/never expires/);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/admin/licenses/${mine.id}`, headers: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await toggle(mine.id, false, customer);
    const refusedRevoked = await toggle(mine.id, true, customer);
    expect(refusedRevoked.statusCode).toBe(422);
    expect(refusedRevoked.json<{ message: string }>().message).toMatch(/revoked/);
    // Nothing changed by the refusals: the revoked licence stays off and is never charged.
    await runAt(t, Date.parse(mine.expiresAt) + HOUR);
    expect(await renewalOrders(mine.id)).toEqual([]);
  });

  it('a reminder before the expiry of an auto-renewing licence does not ask for a renewal by hand', async () => {
    const email = 'reminded@example.com';
    const license = await buyYearly(email);
    t.ctx.renewalReminders.now = () => new Date(Date.parse(license.expiresAt) - 30 * DAY + HOUR);
    await t.ctx.renewalReminders.runNow();
    const [reminder] = await emailsTo(email, 'renewal_reminder');
    expect(reminder?.subject).toMatch(/^Your Postcode Delivery Zones licence renews automatically on /);
    expect(reminder?.text).toContain('There is nothing you need to do.');
  });
  it("says 'license' in its default wording under American spelling (issue 40)", async () => {
    const spelling = (value: string) => t.app.inject({ method: 'PUT', url: '/api/admin/storefront', headers: admin, payload: { spelling: value } });
    expect((await spelling('american')).statusCode).toBe(200);
    try {
      const email = 'american@example.com';
      const license = await buyYearly(email, TEST_CARD_RENEWAL_DECLINED);
      await runAt(t, Date.parse(license.expiresAt) + HOUR);
      const [failed] = await emailsTo(email, 'auto_renew_failed');
      expect(failed?.subject).toBe('We could not renew your Postcode Delivery Zones license');
      expect(`${failed?.subject}${failed?.text}`).not.toMatch(/licence/i);
    } finally {
      await spelling('british');
    }
  });
});
