import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_IDENTITY, type StoreIdentity } from '../../../common/store-identity.js';
import { up as migrateStoreTerms } from '../../db/migrations/0048-store-terms.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';

// The vendor's terms (issue 40): refund window, support promise, key prefix and spelling are store settings, edited
// with the identity; new licence keys take the prefix as it is when they are made, and keys issued before still work.

const PLUGIN = 'postcode-delivery-zones';
const SITE = 'https://shop.example.com';

describe(`store terms (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
  });
  afterAll(() => t.close());

  const identity = async () => (await t.app.inject({ method: 'GET', url: '/api/storefront' })).json<StoreIdentity>();
  const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/storefront', headers, payload });
  const newKey = async (): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers,
      payload: { plugin_slug: PLUGIN, plan: 'lifetime', status: 'active', max_activations: 3 },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ key: string }>().key;
  };
  const activate = (key: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/licenses/activate', payload: { license_key: key, site_url: SITE, plugin_slug: PLUGIN } });

  it("gives the demo shop the specification's terms: 30 days, within 24 hours, 8022 keys", async () => {
    expect(await identity()).toMatchObject({ refund_days: 30, support_promise: 'within 24 hours', license_key_prefix: '8022', spelling: 'british' });
    expect(await newKey()).toMatch(/^8022(-[A-Z0-9]{4}){4}$/);
  });

  it("makes new keys with the vendor's prefix, and keys issued under the old one still validate", async () => {
    const old = await newKey();
    const saved = await put({ refund_days: 14, support_promise: 'within one working day', license_key_prefix: ' lumen ', spelling: 'american' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ refund_days: 14, support_promise: 'within one working day', license_key_prefix: 'LUMEN', spelling: 'american' });
    expect(await newKey()).toMatch(/^LUMEN(-[A-Z0-9]{4}){4}$/);
    expect((await activate(old)).statusCode).toBe(200);

    expect((await put({ license_key_prefix: '' })).json()).toMatchObject({ license_key_prefix: '' });
    const bare = await newKey();
    expect(bare).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){4}$/);
    expect((await activate(bare)).statusCode).toBe(200);
  });

  it('refuses bad terms with a message naming the fix, changing nothing', async () => {
    const before = await identity();
    for (const [payload, message] of [
      [{ refund_days: -1 }, /0 \(no guarantee\) or more days/],
      [{ refund_days: 2.5 }, /whole number of days/],
      [{ refund_days: '30' }, /whole number of days/],
      [{ refund_days: 366 }, /at most 365 days/],
      [{ license_key_prefix: 'AB-C' }, /1 to 8 letters or digits/],
      [{ license_key_prefix: 'TOOLONGPREFIX' }, /1 to 8 letters or digits/],
      [{ spelling: 'australian' }, /british.*american/],
      [{ support_promise: 'x'.repeat(81) }, /at most 80 characters/],
    ] as const) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await identity()).toEqual(before);
  });

  it('gives an empty shop no promises: no refund window, no answer time, keys without the demo prefix', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const stored = (await empty.app.inject({ method: 'GET', url: '/api/storefront' })).json<StoreIdentity>();
      expect(stored).toEqual(DEFAULT_STORE_IDENTITY);
      expect(stored).toMatchObject({ refund_days: 0, support_promise: '', license_key_prefix: '' });
      expect(stored.tagline).not.toMatch(/lifetime|one-time/i);
    } finally {
      await empty.close();
    }
  });

  it('migration 0048 gives a demo identity stored before the terms existed the demo terms, and leaves another shop neutral', async () => {
    const oldDemo = { store_name: '8022 Plugins', support_email: 'support@8022.dev', tagline: 'x' };
    await t.ctx.settings.setInternal({ store_identity: oldDemo });
    await migrateStoreTerms(t.db as never);
    await t.ctx.settings.load();
    expect(await identity()).toMatchObject({ refund_days: 30, support_promise: 'within 24 hours', license_key_prefix: '8022' });

    await t.ctx.settings.setInternal({ store_identity: { store_name: 'Lumen Plugins', support_email: 'help@lumen.example' } });
    await migrateStoreTerms(t.db as never);
    await t.ctx.settings.load();
    expect(await identity()).toMatchObject({ store_name: 'Lumen Plugins', refund_days: 0, support_promise: '', license_key_prefix: '' });
  });
});
