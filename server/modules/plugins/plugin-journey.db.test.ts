import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createPlugin, startAdminApp } from '../../test/admin-app.js';
import type { PublicPlugin } from '../../../common/catalog.js';
import type { AdminPlugin } from '../../../common/plugins.js';
import { makePluginZip, multipartBody } from '../../test/release-test-helpers.js';

const SLUG = 'order-notes';
const KEY = '8022-NOTE-NOTE-NOTE-NOTE';
const SITE = 'https://shop.example.com';

// A vendor with SEED_DEMO=false: nothing in the catalogue, then everything through the admin API.
describe(`a fresh install: from no plugin to one on sale, then retired (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp({ seed: false })));
  afterAll(async () => t.close());

  const publicList = async () => (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<PublicPlugin[]>();
  const intent = async () =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: SLUG, name: 'Order Notes' }], amount: 2900, customerEmail: 'buyer@example.com' },
    });
  const updateCheck = async () =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/plugins/${SLUG}/update?${new URLSearchParams({ installed_version: '1.9.0', license_key: KEY, site_url: SITE }).toString()}`,
    });

  it('starts with an empty catalogue', async () => {
    expect(await publicList()).toEqual([]);
  });

  it('creates, prices and releases a plugin, which then can be bought', async () => {
    const created = await createPlugin(t, { slug: SLUG, name: 'Order Notes', description: 'Notes on orders.' });
    expect(created.statusCode).toBe(201);
    expect((await publicList()).find((plugin) => plugin.slug === SLUG)).toMatchObject({ is_purchasable: false, release_version: null });

    const priced = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/plugins/${SLUG}`,
      headers,
      payload: { price: 2900, currency: 'GBP', pricing_active: true },
    });
    expect(priced.statusCode).toBe(200);

    const body = multipartBody({ plugin_slug: SLUG, version: '2.0.0', notes: 'First release' }, { content: await makePluginZip(SLUG, '2.0.0') });
    const released = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(released.statusCode).toBe(201);

    expect((await publicList()).find((plugin) => plugin.slug === SLUG)).toMatchObject({ is_purchasable: true, release_version: '2.0.0', price: 2900 });
    const response = await intent();
    expect(response.statusCode).toBe(200);
    expect(response.json<{ clientSecret: string }>().clientSecret).toBeTruthy();
  });

  it('retiring takes it off the storefront and checkout; its licences keep validating and updating', async () => {
    const license = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers,
      payload: { key: KEY, plugin_slug: SLUG, plan: 'lifetime', status: 'active', max_activations: 3 },
    });
    expect(license.statusCode).toBe(201);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: KEY, site_url: SITE, plugin_slug: SLUG },
    });
    expect(activated.json()).toMatchObject({ activated: true, code: 'VALID' });

    const retired = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { retired: true } });
    expect(retired.statusCode).toBe(200);
    const plugin = retired.json<AdminPlugin>();
    expect(plugin.active).toBe(false);
    expect(plugin.retired_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(await publicList()).toEqual([]);
    const refused = await intent();
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('This plugin is not available for purchase.');
    expect((await t.app.inject({ method: 'GET', url: `/api/plugins/${SLUG}/images` })).statusCode).toBe(404);

    const validated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/validate',
      payload: { license_key: KEY, site_url: SITE, plugin_slug: SLUG },
    });
    expect(validated.json()).toMatchObject({ valid: true, code: 'VALID' });
    const update = await updateCheck();
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ slug: SLUG, version: '2.0.0' });
    expect(update.json<{ download_url?: string }>().download_url).toBeTruthy();

    // Retiring twice keeps the first moment; the admin still lists and edits it.
    const again = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { retired: true, name: 'Order Notes (old)' } });
    expect(again.json<AdminPlugin>()).toMatchObject({ retired_at: plugin.retired_at, name: 'Order Notes (old)' });
  });

  it('unretiring puts it back on sale', async () => {
    const restored = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { retired: false } });
    expect(restored.json<AdminPlugin>()).toMatchObject({ active: true, retired_at: null });
    expect((await publicList()).map((plugin) => [plugin.slug, plugin.is_purchasable])).toEqual([[SLUG, true]]);
  });
});
