import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPrice } from '../../../common/prices.js';
import { STORE_PAGE_INFO, STORE_PAGE_SLUGS } from '../../../common/store-pages.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { buyTierWithTestCard, ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import { addPriceTier, VENDOR_TIERS } from '../../test/shop-fixtures.js';
import { signInWorkSettled } from '../account/index.js';

// Issue 40, "Done when", server side: an empty shop made into "Lumen Plugins" selling "Smart Forms Pro" with its own
// terms (14-day refunds, support "within one working day", American spelling, key prefix SFP) and tiers. After a
// buyer buys each tier, everything the server answers a buyer is swept for the demo vendor's promises: every public
// page's HTML (meta tags and first-view data), the public APIs, the success answers, the licence, sign-in, refund and
// renewal-reminder e-mails, the unsubscribe page, the account's licences, orders, receipts and invoice PDFs. The browser's own
// rendering of the same journey: e2e/vendor-terms.spec.ts.

const SLUG = 'smart-forms-pro';
const DEMO_PROMISES = /8022|Postcode|up to 3 websites|3 domain|30-day|30 days|within 24 hours|Pro Yearly|licence/i;
const DAY = 86_400_000;
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe(`a vendor's own terms everywhere a buyer reads (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const tiers: Record<string, AdminPrice> = {};
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-terms-'));
  /** Where each text came from, and the text. */
  const swept: Array<[string, string]> = [];
  const sweep = (where: string, text: string) => swept.push([where, text]);

  beforeAll(async () => {
    // The real page template, as the build keeps it: the server fills in each page's head and first-view data.
    fs.copyFileSync(new URL('../../../web/index.html', import.meta.url), path.join(webDir, 'index.html'));
    t = await createTestApp({ seed: false, env: { BASE_URL: 'https://lumen.example', WEB_DIST_DIR: webDir } });
    admin = await t.adminHeaders();
    const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: admin, payload });
    const identity = await put('/api/admin/storefront', {
      store_name: 'Lumen Plugins',
      headline: 'Forms for WordPress',
      tagline: 'Forms that convert.',
      support_email: 'help@lumen.example',
      refund_days: 14,
      support_promise: 'within one working day',
      license_key_prefix: 'SFP',
      spelling: 'american',
    });
    expect(identity.statusCode, identity.body).toBe(200);
    const plugin = await t.app.inject({ method: 'POST', url: '/api/admin/plugins', headers: admin, payload: { slug: SLUG, name: 'Smart Forms Pro' } });
    expect(plugin.statusCode, plugin.body).toBe(201);
    await ensureQualifyingRelease(t.db, SLUG, '2.0.0');
    for (const body of VENDOR_TIERS) tiers[body.name] = await addPriceTier(t, admin, body, SLUG);
    const on = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers: admin, payload: { pricing_active: true, is_featured: true } });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const emailsTo = (to: string, kind: string) => t.db.selectFrom('emails').selectAll().where('to_address', '=', to).where('kind', '=', kind).execute();
  const sweepEmails = async (to: string, kind: string, where: string) => {
    const rows = await emailsTo(to, kind);
    expect(rows.length, `${where}: ${kind} e-mails to ${to}`).toBeGreaterThan(0);
    for (const row of rows) sweep(`${where} (${kind} e-mail)`, `${row.subject}\n${row.text}\n${row.html}`);
    return rows;
  };

  it('buys each tier; no page, answer, e-mail or receipt a buyer reads carries a demo promise', async () => {
    const buyer = 'buyer@lumen-customer.example';
    const orders: Array<{ id: number; tier: string; key: string; licenseId: number }> = [];
    for (const name of ['Personal', 'Business', 'Unlimited']) {
      const tier = tiers[name]!;
      const clientSecret = await buyTierWithTestCard(t.app, SLUG, tier, buyer);
      const success = await t.app.inject({ method: 'POST', url: '/api/checkout/order', payload: { clientSecret } });
      sweep(`success answer (${name})`, success.body);
      if (name !== 'Unlimited') expect(success.body, name).not.toContain('Lifetime updates');
      const order = await t.db.selectFrom('orders').selectAll().where('email', '=', buyer).orderBy('id', 'desc').executeTakeFirstOrThrow();
      const license = await t.db.selectFrom('licenses').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
      expect(license.key).toMatch(/^SFP(-[A-Z0-9]{4}){4}$/);
      orders.push({ id: order.id, tier: name, key: license.key, licenseId: license.id });
    }
    for (const mail of await sweepEmails(buyer, 'licence', 'purchase')) {
      if (!/Unlimited/.test(mail.text)) expect(mail.text).not.toContain('Lifetime updates');
    }

    // Every public page as the server sends it, and the public answers behind them.
    const pages = ['/', '/home', '/catalog', ...STORE_PAGE_SLUGS.map((slug) => STORE_PAGE_INFO[slug].path), `/plugin/${SLUG}`, `/checkout/${SLUG}`];
    for (const page of [...pages, '/purchase/success', '/account', '/account/sign-in', `/renew?key=${orders[0]!.key}`, '/contact']) {
      const response = await t.app.inject({ method: 'GET', url: page });
      expect(response.headers['content-type'], page).toContain('text/html');
      sweep(`page ${page}`, response.body);
    }
    for (const url of ['/api/storefront', '/api/plugins/public', `/api/plugins/${SLUG}/details`, ...STORE_PAGE_SLUGS.map((slug) => `/api/pages/${slug}`)])
      sweep(url, (await t.app.inject({ method: 'GET', url })).body);

    // The account: the sign-in e-mail, the licences, the orders and each receipt.
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-in', headers: XHR, payload: { email: buyer } })).statusCode).toBe(202);
    await signInWorkSettled(t.ctx);
    const [signInMail] = await sweepEmails(buyer, 'sign_in', 'account');
    const token = /\/account\/sign-in\/([A-Za-z0-9_-]{43})/.exec(signInMail!.text)?.[1] ?? '';
    const session = await t.app.inject({ method: 'POST', url: '/api/account/session', headers: XHR, payload: { token } });
    expect(session.statusCode, session.body).toBe(200);
    const cookie = session.cookies.find((each) => each.name === 'pls_customer');
    const customer = { ...XHR, cookie: `pls_customer=${cookie?.value ?? ''}` };
    const accountGet = (url: string) => t.app.inject({ method: 'GET', url, headers: customer });
    const licences = await accountGet('/api/account/licences');
    expect(licences.statusCode).toBe(200);
    sweep('account licences', licences.body);
    const accountOrders = await accountGet('/api/account/orders');
    sweep('account orders', accountOrders.body);
    // Each licence is shown by the tier bought, never the demo's "Pro Yearly".
    for (const name of ['Personal', 'Business', 'Unlimited']) expect(licences.body).toContain(name);
    for (const order of orders) {
      const receipt = await accountGet(`/api/account/orders/${order.id}/receipt`);
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(receipt.body).toContain(order.tier);
      sweep(`receipt (${order.tier})`, receipt.body);
      if (order.tier !== 'Unlimited') expect(receipt.body).not.toContain('Lifetime updates');
    }

    // The renewal page's answer for each licence: a lifetime one says why it needs no renewal, in the shop's spelling.
    for (const order of orders) {
      const quote = await t.app.inject({ method: 'POST', url: '/api/renewals/quote', payload: { license_key: order.key } });
      expect(quote.statusCode, quote.body).toBe(200);
      sweep(`renewal quote (${order.tier})`, quote.body);
    }
    expect(JSON.stringify(swept.at(-1))).toContain('This is a lifetime license');

    // Each order's invoice, as its PDF's text (docs/tax.md "Invoices").
    const invoices = (await accountGet('/api/account/invoices')).json<{ invoices: Array<{ id: number }> }>().invoices;
    expect(invoices.length).toBe(orders.length);
    for (const invoice of invoices) {
      const pdf = await accountGet(`/api/account/invoices/${invoice.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      sweep(`invoice PDF ${invoice.id}`, execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8'));
    }

    // A renewal reminder for the yearly licence, its unsubscribe page, then a refund.
    const yearly = orders[1]!;
    const expiresAt = Math.floor((Date.now() + 40 * DAY) / 1000) * 1000;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/licenses/${yearly.licenseId}`,
      headers: admin,
      payload: { expires_at: new Date(expiresAt).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    t.ctx.renewalReminders.now = () => new Date(expiresAt - 30 * DAY + 3_600_000);
    await t.ctx.renewalReminders.runNow();
    const [reminder] = await sweepEmails(buyer, 'renewal_reminder', 'reminder');
    const unsubscribe = /\/unsubscribe\?token=\S+/.exec(reminder!.text)?.[0] ?? '';
    sweep('unsubscribe page', (await t.app.inject({ method: 'GET', url: unsubscribe })).body);
    const refund = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orders[0]!.id}/refund`, headers: admin, payload: {} });
    expect(refund.statusCode, refund.body).toBe(200);
    await sweepEmails(buyer, 'refund', 'refund');
    // The refunded (revoked) licence's download, refused with a reason the account page shows.
    const refused = await t.app.inject({ method: 'POST', url: `/api/account/licences/${orders[0]!.licenseId}/download`, headers: customer });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.body).toContain('This license is revoked');
    sweep('refused download', refused.body);

    const found = swept.flatMap(([where, text]) => {
      const match = DEMO_PROMISES.exec(text);
      return match ? [`${where}: "${match[0]}" in …${text.slice(Math.max(0, match.index - 80), match.index + 60)}…`] : [];
    });
    expect(found).toEqual([]);
    expect(swept.length).toBeGreaterThan(30);
  });
});
