import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { createPlugin, startAdminApp } from '../../test/admin-app.js';
import type { PublicPlugin } from '../../../common/catalog.js';
import type { AdminPluginDetailWithSale, PluginSaleStatusList } from '../../../common/plugin-admin.js';
import { LICENSING_PLUGIN_SLUG, POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';
import { makePluginZip, multipartBody } from '../../test/release-test-helpers.js';

const SLUG = 'order-notes';
const BELOW = 'newest release 1.0.0 is below the minimum release version 1.7.51 (Settings)';

// A vendor's own plugin with a first release 1.0.0, on a fresh install (SEED_DEMO=false).
describe(`sale status and the minimum release version (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp({ seed: false })));
  afterAll(async () => t.close());

  const detail = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${SLUG}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<AdminPluginDetailWithSale>();
  };
  const listed = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/plugin-sale-status', headers });
    expect(response.statusCode).toBe(200);
    return response.json<PluginSaleStatusList>().find((entry) => entry.slug === SLUG)?.sale_status;
  };
  const publicPlugin = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<PublicPlugin[]>().find((plugin) => plugin.slug === SLUG);
  const intent = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items: [{ id: SLUG, name: 'Order Notes' }], amount: 2900, customerEmail: 'buyer@example.com' },
    });
  const setMinimum = (min_release_version: string) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { min_release_version } });

  it('names everything a new plugin lacks', async () => {
    expect((await createPlugin(t, { slug: SLUG, name: 'Order Notes' })).statusCode).toBe(201);
    const expected = { on_sale: false, reasons: ['pricing not active', 'no price set', 'no release'] };
    expect((await detail()).sale_status).toEqual(expected);
    expect(await listed()).toEqual(expected);
  });

  it('with the default minimum, a priced plugin whose release is 1.0.0 is not on sale, and says why', async () => {
    await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { price: 2900, pricing_active: true } });
    const body = multipartBody({ plugin_slug: SLUG, version: '1.0.0', notes: 'First release' }, { content: await makePluginZip(SLUG, '1.0.0') });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: { ...headers, ...body.headers }, payload: body.payload })).statusCode,
    ).toBe(201);

    expect((await detail()).sale_status).toEqual({ on_sale: false, reasons: [BELOW] });
    expect(await listed()).toEqual({ on_sale: false, reasons: [BELOW] });
    expect(await publicPlugin()).toMatchObject({ is_purchasable: false, release_version: null });
    expect((await intent()).statusCode).toBe(422);
  });

  it('once the minimum is 1.0.0 (no restart), the catalogue, checkout and admin all sell it', async () => {
    const saved = await setMinimum('1.0.0');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ min_release_version: '1.0.0' });

    expect((await detail()).sale_status).toEqual({ on_sale: true, reasons: [] });
    expect(await listed()).toEqual({ on_sale: true, reasons: [] });
    expect(await publicPlugin()).toMatchObject({ is_purchasable: true, release_version: '1.0.0' });
    const response = await intent();
    expect(response.statusCode).toBe(200);
    expect(response.json<{ clientSecret: string }>().clientSecret).toBeTruthy();
  });

  it('names a withdrawn newest release, and a retired plugin', async () => {
    const [release] = await t.db.selectFrom('releases').select('id').where('plugin_slug', '=', SLUG).execute();
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${release?.id}/withdraw`, headers })).statusCode).toBe(200);
    expect((await detail()).sale_status).toEqual({ on_sale: false, reasons: ['newest release 1.0.0 is withdrawn'] });
    expect((await intent()).statusCode).toBe(422);

    await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${SLUG}`, headers, payload: { retired: true } });
    expect((await detail()).sale_status.reasons).toEqual(['retired', 'newest release 1.0.0 is withdrawn']);
  });

  it('keeps the minimum across a restart', async () => {
    t = await t.restart();
    headers = await t.adminHeaders();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).json()).toMatchObject({ min_release_version: '1.0.0' });
  });
});

describe(`the demo catalogue under the default minimum (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
  });
  afterAll(async () => t.close());

  it('sells only postcode-delivery-zones, and says why the other is not on sale', async () => {
    const headers = await t.adminHeaders();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).json()).toMatchObject({ min_release_version: '1.7.51' });
    const catalog = (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<PublicPlugin[]>();
    expect(catalog.filter((plugin) => plugin.is_purchasable).map((plugin) => plugin.slug)).toEqual([POSTCODE_PLUGIN_SLUG]);

    const statuses = (await t.app.inject({ method: 'GET', url: '/api/admin/plugin-sale-status', headers })).json<PluginSaleStatusList>();
    expect(statuses).toEqual(
      expect.arrayContaining([
        { slug: POSTCODE_PLUGIN_SLUG, sale_status: { on_sale: true, reasons: [] } },
        { slug: LICENSING_PLUGIN_SLUG, sale_status: { on_sale: false, reasons: ['no release'] } },
      ]),
    );
  });

  it('does not count a 1.7.50 release, as the specification says', async () => {
    await ensureQualifyingRelease(t.db, LICENSING_PLUGIN_SLUG, '1.7.50');
    const headers = await t.adminHeaders();
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/plugins/${LICENSING_PLUGIN_SLUG}`, headers })).json<AdminPluginDetailWithSale>();
    expect(detail.sale_status).toEqual({ on_sale: false, reasons: ['newest release 1.7.50 is below the minimum release version 1.7.51 (Settings)'] });
  });

  it('answers 404 for an unknown plugin and 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/plugins/no-such-plugin', headers: await t.adminHeaders() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/plugin-sale-status' })).statusCode).toBe(401);
  });
});
