import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoContent } from '../../../common/plugin-admin.js';
import type { StoreIdentity } from '../../../common/store-identity.js';
import type { StorePage } from '../../../common/store-pages.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';

// Issue 40: "Remove demo content" also offers, with a preview, to replace the demo store identity and pages with
// neutral starting texts. The vendor's own values (here a refund window, a support promise, American spelling and an
// edited About page) stay and shape the new texts; nothing of the demo vendor's promises is left.

const DEMO_PROMISES = /8022|Postcode|within 24 hours|30-day|30 days|3 websites|up to 3|lifetime updates/i;
const SLUGS = ['about', 'documentation', 'support', 'privacy', 'terms', 'refunds'];

describe(`replace the demo store identity and pages (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());

  const state = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/demo-content', headers })).json<DemoContent>();
  const remove = (payload?: object) => t.app.inject({ method: 'POST', url: '/api/admin/demo-content/remove', headers, ...(payload ? { payload } : {}) });
  const page = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/api/pages/${slug}` })).json<StorePage>();
  const identity = async () => (await t.app.inject({ method: 'GET', url: '/api/storefront' })).json<StoreIdentity>();

  it('previews every demo value old → new, then refuses bad input and changes nothing', async () => {
    const preview = (await state()).identity;
    expect(preview).toEqual(
      expect.arrayContaining([
        { label: 'Store name', from: '8022 Plugins', to: 'My Plugin Shop' },
        { label: 'Support e-mail', from: 'support@8022.dev', to: '(none)' },
        { label: 'Refund window (days)', from: '30', to: '0' },
        { label: 'Support promise', from: 'within 24 hours', to: '(none)' },
        { label: 'Key prefix of new keys', from: '8022', to: '(none)' },
      ]),
    );
    expect(preview.filter((change) => change.label.endsWith(' page')).map((change) => change.label)).toEqual([
      'About page',
      'Documentation page',
      'Support page',
      'Privacy Policy page',
      'Terms of Sale page',
      'Refund Policy page',
    ]);
    expect(preview.find((change) => change.label === 'About page')?.from).toMatch(/^About 8022 Plugins: /);
    for (const change of preview) expect(change.to, change.label).not.toMatch(DEMO_PROMISES);

    for (const [payload, message] of [
      [{ replace_identity: 'yes' }, /replace_identity must be true or false/],
      [{ replace_identity: true, extra: 1 }, /extra|Unrecognized/i],
    ] as const) {
      const refused = await remove(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(message);
    }
    expect((await state()).plugins).toEqual(['postcode-delivery-zones', 'ucre']);
    expect((await identity()).store_name).toBe('8022 Plugins');
  });

  it("keeps the vendor's own values and pages, and writes neutral texts in their spelling and terms", async () => {
    const terms = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/storefront',
      headers,
      payload: { refund_days: 14, support_promise: 'within one working day', spelling: 'american' },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const about = await t.app.inject({ method: 'PUT', url: '/api/admin/pages/about', headers, payload: { title: 'About Lumen', markdown: 'We are Lumen.' } });
    expect(about.statusCode).toBe(200);
    const labels = (await state()).identity.map((change) => change.label);
    expect(labels).not.toContain('Refund window (days)');
    expect(labels).not.toContain('Support promise');
    expect(labels).not.toContain('About page');

    const removed = await remove({ replace_identity: true });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ plugins: [], removable: false, blocked_by: null, identity: [] });

    // The cache answers the new identity at once.
    expect(await identity()).toMatchObject({
      store_name: 'My Plugin Shop',
      support_email: null,
      refund_days: 14,
      support_promise: 'within one working day',
      license_key_prefix: '',
      spelling: 'american',
    });
    expect((await page('about')).title).toBe('About Lumen');
    for (const slug of SLUGS.filter((slug) => slug !== 'about')) {
      const text = JSON.stringify(await page(slug));
      expect(text, slug).not.toMatch(DEMO_PROMISES);
      expect(text, slug).not.toMatch(/licence/i);
    }
    expect((await page('refunds')).markdown).toBe(
      'Not the right fit? Ask for a full refund within 14 days of purchase by writing to us through the [Support](/support) page. Your license is revoked when the refund is made.',
    );
    expect((await page('terms')).markdown).toContain('Every purchase has a 14-day money-back guarantee');
    expect((await page('documentation')).markdown).toContain('Stuck? [Contact support](/support). We answer within one working day.');
    expect((await page('privacy')).updated_at).not.toBe('2025-09-01T00:00:00.000Z');
    const activity = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'demo_content_removed').executeTakeFirst();
    expect(JSON.parse(String(activity?.details))).toMatchObject({ identity_changes: 10 });

    const again = await remove({ replace_identity: true });
    expect(again.statusCode).toBe(404);
  });
});

describe(`replace the demo identity while a demo plugin has sold (${testDialect()})`, () => {
  let t: TestApp;
  afterAll(async () => t.close());

  it('refuses the whole removal and keeps the identity and pages', async () => {
    t = await createTestApp();
    const headers = await t.adminHeaders();
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/licenses', headers, payload: { plugin_slug: 'ucre' } })).statusCode).toBe(201);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/demo-content/remove', headers, payload: { replace_identity: true } });
    expect(refused.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: '/api/storefront' })).json<StoreIdentity>().store_name).toBe('8022 Plugins');
    expect((await t.app.inject({ method: 'GET', url: '/api/pages/about' })).json<StorePage>().title).toBe('About 8022 Plugins');
  });
});
