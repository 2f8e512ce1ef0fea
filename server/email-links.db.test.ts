import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API, SIGN_IN_REQUESTED_MESSAGE } from '../common/account.js';
import { up as forgetOrderOrigins } from './db/migrations/0016-forget-order-origin.js';
import { NO_SHOP_ADDRESS } from './modules/email/index.js';
import { retryDueEmails } from './modules/email/index.js';
import { signInWorkSettled } from './modules/account/index.js';
import { BUYABLE_SLUG, ensureQualifyingRelease, intentBody } from './test/checkout-test-helpers.js';
import { createTestApp, testDialect, withTestApp, type TestApp } from './test/test-app.js';
import { createAdminLicense } from './test/shop-fixtures.js';

// Issue 23: with no Base URL, e-mailed links took their host from a request, so an attacker could check out
// with a victim's address through `Host: evil.example`, ask for the victim's sign-in link and receive the
// token when the victim clicked. Links now come from the shop's address only (docs/checkout.md, "Links in
// e-mails"): Base URL (Settings, BASE_URL), else the origin the admin confirmed; with neither they wait.

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const EVIL = 'evil.example';
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;
let ipCounter = 0;
/** A fresh client address per call (never loopback, which TRUST_PROXY believes), so per-IP limits never bite. */
const nextIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

/** What an attacker does: checks out with `email` through a forged Host and pays with the test card. */
async function buyAs(t: TestApp, email: string, headers: Record<string, string> = { host: EVIL }, remoteAddress = nextIp()) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers,
    remoteAddress,
    payload: intentBody({ customerEmail: email }),
  });
  expect(intent.statusCode).toBe(200);
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/test/confirm',
    headers,
    remoteAddress,
    payload: { clientSecret: intent.json().clientSecret, cardNumber: '4242424242424242' },
  });
  expect(confirm.json()).toEqual({ status: 'succeeded' });
  return t.db.selectFrom('orders').selectAll().where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

const askSignIn = (t: TestApp, email: string, headers: Record<string, string> = { host: EVIL }, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: ACCOUNT_API.signIn, headers: { ...XHR, ...headers }, remoteAddress, payload: { email } });

const emailsTo = (t: TestApp, to: string) => t.db.selectFrom('emails').selectAll().where('to_address', '=', to).orderBy('id').execute();

describe(`e-mailed links with no shop address (${testDialect()})`, () => {
  const victim = 'victim@example.com';
  let t: TestApp;
  withTestApp({ confirmedOrigin: null }, (made) => ensureQualifyingRelease((t = made).db));

  it('the reproduced takeover: nothing in the outbox names the forged host, and the e-mails wait, held', async () => {
    // The admin creates a licence for the victim.
    await createAdminLicense(t, await t.adminHeaders(), { plugin_slug: BUYABLE_SLUG, customer_email: victim });
    // The attacker checks out with the victim's address through Host: evil.example and pays with the test card.
    const order = await buyAs(t, victim);
    expect(order.origin).toBeNull();
    // Then asks for the victim's sign-in link: through the Host, and through a trusted proxy's X-Forwarded-Host.
    const forged = await askSignIn(t, victim);
    const proxied = await askSignIn(t, victim, { host: '127.0.0.1:3000', 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' }, '127.0.0.1');
    const unknown = await askSignIn(t, 'nobody@example.com');
    // The customer's answers are the neutral ones, as before.
    for (const response of [forged, proxied]) {
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe(unknown.body);
    }
    expect(forged.json()).toEqual({ message: SIGN_IN_REQUESTED_MESSAGE });
    await signInWorkSettled(t.ctx);

    const emails = await emailsTo(t, victim);
    expect(JSON.stringify(emails)).not.toContain(EVIL);
    // One licence e-mail and one sign-in e-mail (a second request adds none while one waits), held, not failed.
    expect(emails.map((e) => [e.kind, e.status, e.last_error, e.attempts])).toEqual([
      ['licence', 'held', NO_SHOP_ADDRESS, 0],
      ['sign_in', 'held', NO_SHOP_ADDRESS, 0],
    ]);
    // No token exists yet: the sign-in link is made when the e-mail can leave.
    expect(await t.db.selectFrom('customer_sign_in_tokens').selectAll().where('email', '=', victim).execute()).toEqual([]);
    // The retry loop leaves them alone while there is no address.
    await retryDueEmails(t.ctx, new Date(Date.now() + 3_600_000));
    expect((await emailsTo(t, victim)).map((e) => e.status)).toEqual(['held', 'held']);
  });

  it("the admin's own sign-in link for a licence waits too, and the admin is told", async () => {
    const license = await t.db.selectFrom('licenses').select('id').where('customer_email', '=', victim).orderBy('id').executeTakeFirstOrThrow();
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/licenses/${license.id}/send-sign-in-link`, headers: await t.adminHeaders() });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().message).toBe(`A sign-in link for ${victim} waits in the outbox until you set your shop's address.`);
    await signInWorkSettled(t.ctx);
    expect((await emailsTo(t, victim)).map((e) => e.status)).toEqual(['held', 'held', 'held']);
  });

  it('refuses anonymous callers and a cookie mutation without X-Requested-With; changes nothing', async () => {
    const anonymousGet = await t.app.inject({ method: 'GET', url: '/api/admin/shop-address', headers: { host: EVIL } });
    const anonymousPut = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shop-address',
      headers: { ...XHR, host: EVIL },
      payload: { origin: `http://${EVIL}` },
    });
    expect([anonymousGet.statusCode, anonymousPut.statusCode]).toEqual([401, 401]);
    const { cookie } = await t.adminHeaders();
    const noXhr = await t.app.inject({ method: 'PUT', url: '/api/admin/shop-address', headers: { cookie }, payload: { origin: `http://${EVIL}` } });
    expect(noXhr.statusCode).toBe(403);
    expect(t.ctx.settings.emailLinkBase()).toBeNull();
    for (const origin of ['https://shop.example.com/store', 'javascript:alert(1)', 'shop', 42]) {
      const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/shop-address', headers: await t.adminHeaders(), payload: { origin } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/origin/);
    }
    expect(t.ctx.settings.emailLinkBase()).toBeNull();
  });

  it('tells the admin the address its own request came to, and sends the held e-mails once the admin confirms it', async () => {
    const headers = { ...(await t.adminHeaders()), host: 'shop.example.com' };
    const seen = await t.app.inject({ method: 'GET', url: '/api/admin/shop-address', headers });
    expect(seen.json()).toEqual({ base_url: null, confirmed_origin: null, link_base: null, request_origin: 'http://shop.example.com', held_emails: 3 });

    const confirmed = await t.app.inject({ method: 'PUT', url: '/api/admin/shop-address', headers, payload: { origin: 'https://shop.example.com/' } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ confirmed_origin: 'https://shop.example.com', link_base: 'https://shop.example.com', held_emails: 0 });

    const emails = await emailsTo(t, victim);
    expect(emails.map((e) => e.status)).toEqual(['outbox', 'outbox', 'outbox']);
    expect(JSON.stringify(emails)).not.toContain(EVIL);
    const [licence, signIn] = emails;
    expect(licence?.text).toContain('Download (valid for 7 days): https://shop.example.com/api/v1/downloads/');
    expect(licence?.text).toMatch(/^Your account \(licences, sites, downloads, receipts and invoices\): https:\/\/shop\.example\.com\/account$/m);
    expect(signIn?.text).toMatch(/^https:\/\/shop\.example\.com\/account\/sign-in\/[A-Za-z0-9_-]{43}$/m);
    // The link made on release is fresh and opens the victim's account (the victim clicks it).
    const token = LINK.exec(signIn?.text ?? '')?.[1] ?? '';
    const session = await t.app.inject({ method: 'POST', url: ACCOUNT_API.session, headers: XHR, remoteAddress: nextIp(), payload: { token } });
    expect(session.statusCode).toBe(200);
    expect(session.json().email).toBe(victim);

    // Later requests through the forged host link to the confirmed address as well.
    await askSignIn(t, victim);
    await signInWorkSettled(t.ctx);
    const latest = (await emailsTo(t, victim)).at(-1);
    expect(latest?.status).toBe('outbox');
    expect(latest?.text).toMatch(/^https:\/\/shop\.example\.com\/account\/sign-in\//m);
  });
});

describe(`held e-mails leave once a Base URL exists (${testDialect()})`, () => {
  let t: TestApp;
  withTestApp({ confirmedOrigin: null }, (made) => ensureQualifyingRelease((t = made).db));

  it('sends them when the admin sets the Base URL in Settings', async () => {
    await buyAs(t, 'settings-buyer@example.com');
    expect((await emailsTo(t, 'settings-buyer@example.com')).map((e) => e.status)).toEqual(['held']);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: await t.adminHeaders(),
      payload: { base_url: 'https://licences.example.net/' },
    });
    expect(saved.statusCode).toBe(200);
    const [email] = await emailsTo(t, 'settings-buyer@example.com');
    expect(email?.status).toBe('outbox');
    expect(email?.text).toContain('https://licences.example.net/api/v1/downloads/');
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload: { base_url: null } });
  });

  it('sends them from the retry loop after a restart with BASE_URL', async () => {
    await buyAs(t, 'env-buyer@example.com');
    expect((await emailsTo(t, 'env-buyer@example.com')).map((e) => e.status)).toEqual(['held']);
    // A restart on the same database with BASE_URL set (the old app closes, its database stays).
    await t.app.close();
    await t.db.destroy();
    t = await createTestApp({ testDb: t.testDb, ownsDb: true, seed: false, env: { BASE_URL: 'https://env.example.org' } });
    await retryDueEmails(t.ctx);
    const [email] = await emailsTo(t, 'env-buyer@example.com');
    expect(email?.status).toBe('outbox');
    expect(email?.text).toContain('https://env.example.org/api/v1/downloads/');
  });
});

describe(`which address e-mailed links use (${testDialect()})`, () => {
  const SECRET = 'ls_links_secret';
  let t: TestApp;
  beforeAll(async () => {
    // createTestApp stores a confirmed origin, http://localhost, as a first admin sign-in would.
    t = await createTestApp({ env: { BASE_URL: 'https://env.example.com', LEMONSQUEEZY_WEBHOOK_SECRET: SECRET, PAYMENTS_TEST_MODE: 'true' } });
    await ensureQualifyingRelease(t.db);
    await t.db.updateTable('plugins').set({ lemonsqueezy_product_id: '777' }).where('slug', '=', BUYABLE_SLUG).execute();
  });
  afterAll(async () => t.close());

  const latestText = async (to: string) => (await emailsTo(t, to)).at(-1)?.text ?? '';
  const resend = async (orderId: number) =>
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/resend-email`, headers: await t.adminHeaders() })).statusCode).toBe(200);

  it('BASE_URL over the confirmed origin, and Base URL from Settings over both; never the Host', async () => {
    const order = await buyAs(t, 'precedence@example.com');
    expect(await latestText('precedence@example.com')).toContain('https://env.example.com/api/v1/downloads/');
    const headers = await t.adminHeaders();
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { base_url: 'https://settings.example.com' } });
    await resend(order.id);
    expect(await latestText('precedence@example.com')).toContain('https://settings.example.com/api/v1/downloads/');
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { base_url: null } });
    expect(JSON.stringify(await emailsTo(t, 'precedence@example.com'))).not.toContain(EVIL);
  });

  it('the Lemon Squeezy webhook Host feeds no link', async () => {
    const body = JSON.stringify({
      meta: { event_name: 'order_created' },
      data: { id: '5001', attributes: { user_email: 'ls-links@example.com', total: 4900, currency: 'GBP', first_order_item: { product_id: 777 } } },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/lemonsqueezy',
      headers: { host: EVIL, 'content-type': 'application/json', 'x-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
      payload: body,
    });
    expect(response.json()).toEqual({ received: true, outcome: 'fulfilled' });
    const order = await t.db.selectFrom('orders').select('origin').where('provider_ref', '=', '5001').executeTakeFirstOrThrow();
    expect(order.origin).toBeNull();
    expect(await latestText('ls-links@example.com')).toContain('https://env.example.com/api/v1/downloads/');
  });
});

describe(`an order that carries an origin (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
  });
  afterAll(async () => t.close());

  it('never feeds a link again: the resend and the sign-in link use the confirmed origin, and 0016 clears it', async () => {
    const order = await buyAs(t, 'old-order@example.com');
    // As an order stored before 0016 did.
    await t.db
      .updateTable('orders')
      .set({ origin: `http://${EVIL}` })
      .where('id', '=', order.id)
      .execute();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/resend-email`, headers: await t.adminHeaders() })).statusCode).toBe(200);
    await askSignIn(t, 'old-order@example.com');
    await signInWorkSettled(t.ctx);
    const emails = await emailsTo(t, 'old-order@example.com');
    expect(emails.map((e) => [e.kind, e.status])).toEqual([
      ['licence', 'outbox'],
      ['licence', 'outbox'],
      ['sign_in', 'outbox'],
    ]);
    expect(JSON.stringify(emails)).not.toContain(EVIL);
    expect(emails[1]?.text).toContain('http://localhost/api/v1/downloads/');
    expect(emails[2]?.text).toMatch(/^http:\/\/localhost\/account\/sign-in\//m);

    await forgetOrderOrigins(t.db);
    expect((await t.db.selectFrom('orders').select('origin').where('origin', 'is not', null).execute()).length).toBe(0);
  });
});
