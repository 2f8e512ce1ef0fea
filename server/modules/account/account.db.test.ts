import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { uploadRelease } from '../../test/admin-app.js';
import { sha256Hex } from '../../lib/crypto.js';
import { redactSecrets } from '../../lib/redact.js';
import {
  ACCOUNT_API,
  CUSTOMER_SESSION_COOKIE,
  CUSTOMER_SESSION_DAYS,
  RECEIPT_VAT_NOTE,
  SIGN_IN_LINK_INVALID_MESSAGE,
  SIGN_IN_LINK_MALFORMED_MESSAGE,
  SIGN_IN_LINKS_PER_ADDRESS,
  SIGN_IN_REQUESTED_MESSAGE,
  SIGN_IN_REQUESTS_PER_IP_PER_MINUTE,
  type AccountLicense,
  type AccountOrder,
} from '../../../common/account.js';
import { BUYABLE_PRICE, BUYABLE_SLUG, intentBody } from '../../test/checkout-test-helpers.js';
import { makePluginZip } from '../../test/release-test-helpers.js';
import { DEMO_STORE_IDENTITY } from '../../../common/store-identity.js';

const STORE_NAME = DEMO_STORE_IDENTITY.store_name;
import { signInWorkSettled } from './sign-in.service.js';

const RELEASE_VERSION = '1.8.0';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const LINK = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/;

describe(`customer accounts (${testDialect()})`, () => {
  let t: TestApp;
  let zip: Buffer;
  let ipCounter = 0;
  /** A fresh client address per call, so the per-IP limits only bite where a test means them to. */
  const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
    zip = await makePluginZip(BUYABLE_SLUG, RELEASE_VERSION);
    const upload = await uploadRelease(t, { plugin_slug: BUYABLE_SLUG, version: RELEASE_VERSION, notes: '' }, zip);
    expect(upload.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  /** Buys the plugin through the test checkout; answers the order and its licence. */
  const buy = async (email: string) => {
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      remoteAddress: nextIp(),
      payload: intentBody({ customerEmail: email }),
    });
    expect(intent.statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/test/confirm',
      remoteAddress: nextIp(),
      payload: { clientSecret: intent.json().clientSecret, cardNumber: '4242424242424242' },
    });
    expect(confirm.json()).toEqual({ status: 'succeeded' });
    const order = await t.db.selectFrom('orders').select(['id', 'license_id']).where('email', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const license = await t.db
      .selectFrom('licenses')
      .select(['id', 'key'])
      .where('id', '=', order.license_id as number)
      .executeTakeFirstOrThrow();
    return { orderId: order.id, licenseId: license.id, key: license.key };
  };

  const requestLink = (email: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: ACCOUNT_API.signIn, remoteAddress, headers: XHR, payload: { email } });

  const signInEmails = async (to: string) =>
    t.db
      .selectFrom('emails')
      .select(['id', 'text', 'html', 'subject', 'status'])
      .where('kind', '=', 'sign_in')
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute();

  /** Asks for a link, waits for the queued work, and answers the token of the newest e-mail to the address. */
  const linkToken = async (email: string): Promise<string> => {
    expect((await requestLink(email)).statusCode).toBe(202);
    await signInWorkSettled(t.ctx);
    const [latest] = await signInEmails(email.toLowerCase());
    const token = latest ? LINK.exec(latest.text)?.[1] : undefined;
    if (!token) throw new Error(`no sign-in e-mail for ${email}`);
    return token;
  };

  const openSession = (token: string, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: ACCOUNT_API.session, remoteAddress, headers: { ...XHR, ...headers }, payload: { token } });

  /** Signs in through the e-mailed link; answers headers for the customer's browser. */
  const signIn = async (email: string) => {
    const response = await openSession(await linkToken(email));
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE);
    if (!cookie) throw new Error('no customer cookie');
    return { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' };
  };

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
  const post = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers, remoteAddress: nextIp() });

  const activate = async (key: string, site: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      remoteAddress: nextIp(),
      payload: { license_key: key, site_url: site, plugin_slug: BUYABLE_SLUG },
    });
    expect(response.json()).toMatchObject({ activated: true });
  };

  describe('sign-in links', () => {
    it('answers a known and an unknown address alike, and e-mails only the known one', async () => {
      await buy('known@example.com');
      const known = await requestLink('known@example.com');
      const unknown = await requestLink('nobody@example.com');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({ message: SIGN_IN_REQUESTED_MESSAGE });
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
      await signInWorkSettled(t.ctx);
      expect(await signInEmails('nobody@example.com')).toHaveLength(0);
      const [sent] = await signInEmails('known@example.com');
      expect(sent?.status).toBe('outbox');
      expect(sent?.subject).toBe(`Sign in to your ${STORE_NAME} account`);
      expect(sent?.text).toMatch(/^http:\/\/localhost(:80)?\/account\/sign-in\/[A-Za-z0-9_-]{43}$/m);
    });

    it('matches the address whatever its case, and links to the base URL once set', async () => {
      await buy('Mixed.Case@Example.com');
      const token = await linkToken('MIXED.case@example.COM');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const headers = await t.adminHeaders();
      expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { base_url: 'https://shop.example.net/' } })).statusCode).toBe(
        200,
      );
      try {
        await linkToken('mixed.case@example.com');
        const [latest] = await signInEmails('mixed.case@example.com');
        expect(latest?.text).toMatch(/^https:\/\/shop\.example\.net\/account\/sign-in\/[A-Za-z0-9_-]{43}$/m);
      } finally {
        await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { base_url: null } });
      }
    });

    it("never links to the Host the sign-in request or the checkout names, only to the shop's address", async () => {
      const intent = await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        remoteAddress: nextIp(),
        headers: { host: 'shop.example.org' },
        payload: intentBody({ customerEmail: 'victim@example.com' }),
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/checkout/test/confirm',
        remoteAddress: nextIp(),
        payload: { clientSecret: intent.json().clientSecret, cardNumber: '4242424242424242' },
      });
      const forged = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_API.signIn,
        remoteAddress: nextIp(),
        headers: { ...XHR, host: 'evil.example' },
        payload: { email: 'victim@example.com' },
      });
      expect(forged.statusCode).toBe(202);
      await signInWorkSettled(t.ctx);
      const [sent] = await signInEmails('victim@example.com');
      expect(sent?.text).not.toContain('evil.example');
      expect(sent?.text).not.toContain('shop.example.org');
      // The admin-confirmed address of createTestApp (server/test/test-app.ts).
      expect(sent?.text).toMatch(/^http:\/\/localhost\/account\/sign-in\/[A-Za-z0-9_-]{43}$/m);
    });

    it(`e-mails at most ${SIGN_IN_LINKS_PER_ADDRESS} links per address per 15 minutes, answering 202 throughout`, async () => {
      await buy('eager@example.com');
      for (let i = 0; i < SIGN_IN_LINKS_PER_ADDRESS + 3; i++) expect((await requestLink('eager@example.com')).statusCode).toBe(202);
      await signInWorkSettled(t.ctx);
      expect(await signInEmails('eager@example.com')).toHaveLength(SIGN_IN_LINKS_PER_ADDRESS);
      // 16 minutes later the address may have links again.
      const past = new Date(Date.now() - 16 * 60_000).toISOString();
      await t.db.updateTable('customer_sign_in_tokens').set({ created_at: past }).where('email', '=', 'eager@example.com').execute();
      await linkToken('eager@example.com');
      expect(await signInEmails('eager@example.com')).toHaveLength(SIGN_IN_LINKS_PER_ADDRESS + 1);
    });

    it(`refuses more than ${SIGN_IN_REQUESTS_PER_IP_PER_MINUTE} requests a minute from one IP with 429`, async () => {
      const ip = '10.9.9.9';
      for (let i = 0; i < SIGN_IN_REQUESTS_PER_IP_PER_MINUTE; i++) expect((await requestLink(`someone${i}@example.com`, ip)).statusCode).toBe(202);
      const refused = await requestLink('one-more@example.com', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json().message).toMatch(/Too many requests/);
      expect((await requestLink('one-more@example.com', '10.9.9.10')).statusCode).toBe(202);
    });

    it('answers malformed input with 400 and a message', async () => {
      for (const payload of [{}, { email: '' }, { email: 'not-an-address' }, { email: 'a@b.example, c@d.example' }, { email: 7 }]) {
        const response = await t.app.inject({ method: 'POST', url: ACCOUNT_API.signIn, remoteAddress: nextIp(), headers: XHR, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/email/);
      }
      const short = await openSession('abc');
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toContain(SIGN_IN_LINK_MALFORMED_MESSAGE);
    });

    it('refuses sign-in and session calls a cross-site form could make (no X-Requested-With) with 403', async () => {
      await buy('formed@example.com');
      const token = await linkToken('formed@example.com');
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const signInForm = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_API.signIn,
        remoteAddress: nextIp(),
        headers: form,
        payload: 'email=formed%40example.com',
      });
      const sessionForm = await t.app.inject({ method: 'POST', url: ACCOUNT_API.session, remoteAddress: nextIp(), headers: form, payload: `token=${token}` });
      for (const response of [signInForm, sessionForm]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toMatch(/X-Requested-With/);
      }
      expect(sessionForm.cookies).toHaveLength(0);
      // The link was not used up by the refused call.
      expect((await openSession(token)).statusCode).toBe(200);
    });

    it('keeps only the hash of the sign-in token and of the session cookie', async () => {
      await buy('hashed@example.com');
      const token = await linkToken('hashed@example.com');
      const rows = await t.db.selectFrom('customer_sign_in_tokens').selectAll().where('email', '=', 'hashed@example.com').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(sha256Hex(token));
      expect(JSON.stringify(rows)).not.toContain(token);
      const response = await openSession(token);
      const cookie = response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value as string;
      const sessions = await t.db.selectFrom('customer_sessions').selectAll().where('email', '=', 'hashed@example.com').execute();
      expect(sessions.map((s) => s.token_hash)).toEqual([sha256Hex(cookie)]);
      expect(JSON.stringify(sessions)).not.toContain(cookie);
    });

    it('masks the token of a sign-in link in log lines', () => {
      const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
      const line = redactSecrets(`{"url":"/account/sign-in/${token}","msg":"incoming request"}`);
      expect(line).not.toContain(token);
      expect(line).toContain('/account/sign-in/AbCdEf…');
      expect(JSON.parse(line)).toBeTruthy();
    });
  });

  describe('sessions', () => {
    it('opens a session once per link, with an HttpOnly, SameSite=Lax cookie for 30 days', async () => {
      await buy('session@example.com');
      const token = await linkToken('session@example.com');
      const first = await openSession(token);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ email: 'session@example.com' });
      const cookie = first.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: CUSTOMER_SESSION_DAYS * 86_400 });
      expect(cookie?.secure).toBeUndefined();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const again = await openSession(token);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ error: 'GONE', message: SIGN_IN_LINK_INVALID_MESSAGE });
      expect(again.cookies).toHaveLength(0);
      expect((await openSession('A'.repeat(43))).statusCode).toBe(410);

      const me = await get(ACCOUNT_API.me, { cookie: `${CUSTOMER_SESSION_COOKIE}=${cookie?.value}` });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('session@example.com');
    });

    it('sets Secure behind an https proxy (X-Forwarded-Proto from a trusted peer), not from an untrusted one', async () => {
      await buy('secure@example.com');
      const proxied = await openSession(await linkToken('secure@example.com'), { 'x-forwarded-proto': 'https' }, '127.0.0.1');
      expect(proxied.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
      const direct = await openSession(await linkToken('secure@example.com'), { 'x-forwarded-proto': 'https' }, '203.0.113.7');
      expect(direct.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.secure).toBeUndefined();
    });

    it('lets exactly one of several concurrent uses of a link win', async () => {
      await buy('race@example.com');
      const token = await linkToken('race@example.com');
      const answers = await Promise.all(Array.from({ length: 6 }, () => openSession(token)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410, 410, 410, 410]);
      expect(await t.db.selectFrom('customer_sessions').select('id').where('email', '=', 'race@example.com').execute()).toHaveLength(1);
    });

    it('refuses a link after its 15 minutes', async () => {
      await buy('late@example.com');
      const token = await linkToken('late@example.com');
      await t.db
        .updateTable('customer_sign_in_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', sha256Hex(token))
        .execute();
      const response = await openSession(token);
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(SIGN_IN_LINK_INVALID_MESSAGE);
    });

    it('answers 401 once the session has expired, and clears the stale cookie', async () => {
      await buy('expiring@example.com');
      const headers = await signIn('expiring@example.com');
      expect((await get(ACCOUNT_API.licenses, headers)).statusCode).toBe(200);
      await t.db
        .updateTable('customer_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', 'expiring@example.com')
        .execute();
      const response = await get(ACCOUNT_API.licenses, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/sign-in link/);
      expect(response.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value).toBe('');
    });

    it('ends the session on the server at sign-out', async () => {
      await buy('leaving@example.com');
      const headers = await signIn('leaving@example.com');
      expect((await t.app.inject({ method: 'POST', url: ACCOUNT_API.signOut, headers: { cookie: headers.cookie } })).statusCode).toBe(403);
      const out = await post(ACCOUNT_API.signOut, headers);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      expect(out.cookies.find((c) => c.name === CUSTOMER_SESSION_COOKIE)?.value).toBe('');
      // The old cookie, replayed, no longer works.
      expect((await get(ACCOUNT_API.me, headers)).statusCode).toBe(401);
      expect(await t.db.selectFrom('customer_sessions').select('id').where('email', '=', 'leaving@example.com').execute()).toHaveLength(0);
    });

    it('answers 401 without a session on every customer call, and the admin cookie is not a customer session', async () => {
      const admin = await t.adminHeaders();
      for (const [method, url] of [
        ['GET', ACCOUNT_API.me],
        ['GET', ACCOUNT_API.licenses],
        ['GET', ACCOUNT_API.orders],
        ['GET', ACCOUNT_API.receipt(1)],
        ['POST', ACCOUNT_API.download(1)],
        ['POST', ACCOUNT_API.deactivateSite(1, 1)],
      ] as const) {
        expect((await t.app.inject({ method, url, remoteAddress: nextIp() })).statusCode).toBe(401);
        expect((await t.app.inject({ method, url, headers: admin, remoteAddress: nextIp() })).statusCode).toBe(401);
      }
    });
  });

  describe('two customers', () => {
    let alice: Awaited<ReturnType<typeof buy>>;
    let bob: Awaited<ReturnType<typeof buy>>;
    let aliceHeaders: Record<string, string>;
    let bobHeaders: Record<string, string>;

    beforeAll(async () => {
      alice = await buy('alice@example.com');
      bob = await buy('bob@example.com');
      await activate(alice.key, 'https://alice-shop.example.com');
      await activate(bob.key, 'https://bob-shop.example.com');
      aliceHeaders = await signIn('alice@example.com');
      bobHeaders = await signIn('bob@example.com');
    });

    const bobSite = async () =>
      (await t.db.selectFrom('license_activations').select('id').where('license_id', '=', bob.licenseId).executeTakeFirstOrThrow()).id;

    it('lists only the customer’s own licences, with plugin, seats and sites', async () => {
      const response = await get(ACCOUNT_API.licenses, aliceHeaders);
      expect(response.statusCode).toBe(200);
      const licenses = response.json<AccountLicense[]>();
      expect(licenses).toHaveLength(1);
      expect(licenses[0]).toMatchObject({
        id: alice.licenseId,
        key: alice.key,
        plugin_slug: BUYABLE_SLUG,
        plugin_name: 'Postcode Delivery Zones',
        plan: 'lifetime',
        status: 'active',
        expires_at: null,
        max_activations: 3,
        activations_used: 1,
        activations_left: 2,
        download_available: true,
      });
      expect(licenses[0]?.sites).toEqual([
        expect.objectContaining({ site_url: 'alice-shop.example.com', is_local: false, activated_at: expect.any(String), last_seen_at: null }),
      ]);
      expect(response.body).not.toContain(bob.key);
      expect(response.body).not.toContain('bob-shop');
    });

    it('lists only the customer’s own paid orders', async () => {
      // A pending order of Alice's is not shown.
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        remoteAddress: nextIp(),
        payload: intentBody({ customerEmail: 'alice@example.com' }),
      });
      const orders = (await get(ACCOUNT_API.orders, aliceHeaders)).json<AccountOrder[]>();
      expect(orders).toEqual([
        {
          id: alice.orderId,
          number: String(alice.orderId),
          date: expect.any(String),
          plugin_slug: BUYABLE_SLUG,
          plugin_name: 'Postcode Delivery Zones',
          amount: BUYABLE_PRICE,
          currency: expect.any(String),
          status: 'paid',
        },
      ]);
    });

    it('answers 404 for the other customer’s licence, site, download and receipt', async () => {
      const site = await bobSite();
      const refused = [
        await post(ACCOUNT_API.deactivateSite(bob.licenseId, site), aliceHeaders),
        await post(ACCOUNT_API.download(bob.licenseId), aliceHeaders),
        await get(ACCOUNT_API.receipt(bob.orderId), aliceHeaders),
        // Bob's site through Alice's own licence: not on it.
        await post(ACCOUNT_API.deactivateSite(alice.licenseId, site), aliceHeaders),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain(bob.key);
        expect(response.body).not.toContain('bob@example.com');
      }
      // Nothing changed for Bob.
      expect((await get(ACCOUNT_API.licenses, bobHeaders)).json<AccountLicense[]>()[0]?.activations_used).toBe(1);
      // And the same 404 as an id that does not exist.
      expect((await get(ACCOUNT_API.receipt(999_999), aliceHeaders)).statusCode).toBe(404);
    });

    it('refuses customer mutations without X-Requested-With', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_API.download(alice.licenseId),
        headers: { cookie: aliceHeaders.cookie as string },
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/X-Requested-With/);
    });

    it('deactivates a site: the seat is free and the activity log says the customer did it', async () => {
      await activate(alice.key, 'https://second.example.com');
      const [before] = (await get(ACCOUNT_API.licenses, aliceHeaders)).json<AccountLicense[]>();
      expect(before?.activations_used).toBe(2);
      const site = before?.sites.find((s) => s.site_url === 'second.example.com');
      const response = await post(ACCOUNT_API.deactivateSite(alice.licenseId, site?.id as number), aliceHeaders);
      expect(response.statusCode).toBe(200);
      expect(response.json<AccountLicense>()).toMatchObject({ activations_used: 1, activations_left: 2 });
      expect(response.json<AccountLicense>().sites.map((s) => s.site_url)).toEqual(['alice-shop.example.com']);
      const activity = await t.db
        .selectFrom('activities')
        .select('details')
        .where('action_type', '=', 'license_deactivated')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(activity.details)).toEqual({ license_key: alice.key, site_url: 'second.example.com', by: 'customer' });
      // A second time: already gone.
      expect((await post(ACCOUNT_API.deactivateSite(alice.licenseId, site?.id as number), aliceHeaders)).statusCode).toBe(404);
    });

    it('gives a signed download link of the latest release, which downloads the zip', async () => {
      const response = await post(ACCOUNT_API.download(alice.licenseId), aliceHeaders);
      expect(response.statusCode).toBe(200);
      const link = response.json<{ url: string; version: string; expires_at: string }>();
      expect(link.version).toBe(RELEASE_VERSION);
      const expiresIn = new Date(link.expires_at).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(59 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
      const url = new URL(link.url);
      expect(url.pathname).toMatch(new RegExp(`^/api/v1/downloads/[^/]+/${BUYABLE_SLUG}-${RELEASE_VERSION}\\.zip$`));
      const file = await t.app.inject({ method: 'GET', url: url.pathname, remoteAddress: nextIp() });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(zip)).toBe(true);
    });

    it('refuses a download for a revoked licence with 409 and a message', async () => {
      const carol = await buy('carol@example.com');
      const headers = await signIn('carol@example.com');
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/licenses/${carol.licenseId}`, headers: await t.adminHeaders() })).statusCode).toBe(200);
      const response = await post(ACCOUNT_API.download(carol.licenseId), headers);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/revoked/);
      const [license] = (await get(ACCOUNT_API.licenses, headers)).json<AccountLicense[]>();
      expect(license).toMatchObject({ status: 'revoked', download_available: false });
    });

    it('answers a receipt with the seller from Settings', async () => {
      const response = await get(ACCOUNT_API.receipt(alice.orderId), aliceHeaders);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        order_id: alice.orderId,
        number: String(alice.orderId),
        date: expect.any(String),
        status: 'paid',
        item: { plugin_slug: BUYABLE_SLUG, plugin_name: 'Postcode Delivery Zones', plan: 'lifetime', plan_name: 'Standard' },
        amount: BUYABLE_PRICE,
        currency: expect.any(String),
        coupon: null,
        vat_note: RECEIPT_VAT_NOTE,
        seller_name: STORE_NAME,
        buyer_email: 'alice@example.com',
      });
      const admin = await t.adminHeaders();
      expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { seller_name: '  Example Ltd  ' } })).statusCode).toBe(
        200,
      );
      expect((await get(ACCOUNT_API.receipt(alice.orderId), aliceHeaders)).json().seller_name).toBe('Example Ltd');
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })).json().seller_name).toBe('Example Ltd');
      const empty = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { seller_name: '  ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/seller_name: must not be empty/);
    });

    it('links the licence e-mail to the account page', async () => {
      const email = await t.db
        .selectFrom('emails')
        .select(['text', 'html'])
        .where('order_id', '=', alice.orderId)
        .where('kind', '=', 'licence')
        .executeTakeFirstOrThrow();
      expect(email.text).toMatch(/^Your account \(licences, sites, downloads, receipts and invoices\): http:\/\/localhost(:80)?\/account$/m);
      expect(email.html).toMatch(/<a href="http:\/\/localhost(:80)?\/account">/);
    });
  });

  // server/input-fuzz.db.test.ts fuzzes these routes without a customer session (401 before any input is
  // read); here the same kinds of input reach them signed in.
  it('answers malformed input to every account route, signed in, with no 5xx', async () => {
    await buy('fuzz@example.com');
    const headers = await signIn('fuzz@example.com');
    const segments = ['a%00b', '%00', '%E0%A4%A', '%ZZ', 'x'.repeat(500), '-1', '0', '1.5', '1e308', '99999999999'];
    const bodies = ['{"token":', '', 'null', '[]', '{"email":"a\\u0000b@x.example"}', '{"token":"\\u0000"}', `{"token":"${'x'.repeat(20_000)}"}`];
    // Sign-out last: it ends the session the others need.
    const routes = t.routes
      .filter((route) => route.url.startsWith('/api/account/') && route.method !== 'HEAD')
      .sort((a, b) => Number(a.url === ACCOUNT_API.signOut) - Number(b.url === ACCOUNT_API.signOut));
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const failures: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      const urls = params.flatMap((target) => segments.map((segment) => route.url.replace(/:(\w+)/g, (_, name: string) => (name === target ? segment : '1'))));
      const requests = [
        ...urls.map((url) => ({ url, payload: undefined as string | undefined })),
        ...(route.method === 'POST' ? bodies.map((payload) => ({ url: route.url.replace(/:(\w+)/g, '1'), payload })) : []),
      ];
      for (const { url, payload } of requests) {
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
          payload,
          remoteAddress: nextIp(),
        });
        if (response.statusCode >= 500 || response.statusCode === 401)
          failures.push(`${route.method} ${url.slice(0, 80)} ${payload?.slice(0, 40) ?? ''} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  describe('admin: send a sign-in link', () => {
    it('queues the sign-in e-mail to the licence’s customer', async () => {
      const dave = await buy('dave@example.com');
      const response = await t.app.inject({ method: 'POST', url: ACCOUNT_API.adminSendSignInLink(dave.licenseId), headers: await t.adminHeaders() });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: 'A sign-in link is on its way to dave@example.com.', email: 'dave@example.com' });
      await signInWorkSettled(t.ctx);
      const [sent] = await signInEmails('dave@example.com');
      const token = LINK.exec(sent?.text ?? '')?.[1] as string;
      expect((await openSession(token)).json()).toMatchObject({ email: 'dave@example.com' });
    });

    it('answers 409 for a licence without a customer e-mail, 404 for none, 401 for a stranger', async () => {
      const admin = await t.adminHeaders();
      const created = await t.app.inject({ method: 'POST', url: '/api/admin/licenses', headers: admin, payload: { plugin_slug: BUYABLE_SLUG } });
      const noEmail = await t.app.inject({ method: 'POST', url: ACCOUNT_API.adminSendSignInLink(created.json().id), headers: admin });
      expect(noEmail.statusCode).toBe(409);
      expect(noEmail.json().message).toMatch(/no customer e-mail/);
      expect((await t.app.inject({ method: 'POST', url: ACCOUNT_API.adminSendSignInLink(999_999), headers: admin })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: ACCOUNT_API.adminSendSignInLink(created.json().id) })).statusCode).toBe(401);
    });

    it('lets a customer whose licence the admin made (no order) sign in and see it', async () => {
      const admin = await t.adminHeaders();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/licenses',
        headers: admin,
        payload: { plugin_slug: BUYABLE_SLUG, customer_email: 'Gift@Example.com' },
      });
      expect(created.statusCode).toBe(201);
      const headers = await signIn('gift@example.com');
      const licenses = (await get(ACCOUNT_API.licenses, headers)).json<AccountLicense[]>();
      expect(licenses.map((l) => l.id)).toEqual([created.json().id]);
      expect((await get(ACCOUNT_API.orders, headers)).json()).toEqual([]);
    });
  });
});
