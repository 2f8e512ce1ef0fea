import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { publicPluginListSchema, type PublicPlugin } from '../../../common/catalog.js';
import { LICENSING_PLUGIN_SLUG, POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';

describe(`public catalogue (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // Each test states its own releases and pricing, whatever another module seeds at start.
  beforeEach(async () => {
    await t.db.deleteFrom('releases').execute();
    await t.db.updateTable('plugins').set({ active: 1, pricing_active: 1, is_free: 0, discount_price: null }).execute();
  });

  const addRelease = (plugin_slug: string, version: string, created_at: string) =>
    t.db
      .insertInto('releases')
      .values({ plugin_slug, version, created_at, notes: '', zip_path: `${plugin_slug}-${version}.zip`, file_size: 1, sha384: 'x', signature: 'x' })
      .execute();

  const fetchCatalog = async (url = '/api/plugins/public'): Promise<PublicPlugin[]> => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return publicPluginListSchema.parse(response.json());
  };
  const bySlug = (plugins: PublicPlugin[], slug: string) => plugins.find((plugin) => plugin.slug === slug);

  it('answers the seeded display data of the specification', async () => {
    await addRelease(POSTCODE_PLUGIN_SLUG, '1.7.51', '2025-09-18T00:00:00.000Z');
    const plugins = await fetchCatalog();
    expect(bySlug(plugins, POSTCODE_PLUGIN_SLUG)).toMatchObject({
      name: 'Postcode Delivery Zones',
      category: 'shipping',
      rating: 4.8,
      review_count: 156,
      downloads_label: '2,500+ downloads',
      is_popular: true,
      price: 4900,
      currency: 'GBP',
      requirements: ['WordPress 6.0+', 'WooCommerce 7.0+', 'PHP 8.0+'],
      release_version: '1.7.51',
      release_date: '2025-09-18T00:00:00.000Z',
      is_purchasable: true,
    });
    expect(bySlug(plugins, POSTCODE_PLUGIN_SLUG)?.features.length).toBeGreaterThanOrEqual(6);
    expect(bySlug(plugins, LICENSING_PLUGIN_SLUG)).toMatchObject({
      name: '8022 Licensing',
      price: 9900,
      is_featured: true,
      release_version: null,
      is_purchasable: false,
    });
  });

  it('answers only what a visitor may see', async () => {
    await t.db.updateTable('plugins').set({ lemonsqueezy_product_id: '12345' }).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/plugins/public' });
    expect(response.body).not.toContain('12345');
    expect(response.body).not.toContain('lemonsqueezy_product_id');
    expect(response.json<Record<string, unknown>[]>()[0]).not.toHaveProperty('id');
  });

  it('answers the same list at /api/plugins', async () => {
    await addRelease(POSTCODE_PLUGIN_SLUG, '1.8.0', '2025-10-01T00:00:00.000Z');
    expect(await fetchCatalog('/api/plugins')).toEqual(await fetchCatalog('/api/plugins/public'));
  });

  it('leaves out inactive plugins', async () => {
    await t.db.updateTable('plugins').set({ active: 0 }).where('slug', '=', LICENSING_PLUGIN_SLUG).execute();
    const plugins = await fetchCatalog();
    expect(plugins.map((plugin) => plugin.slug)).toEqual([POSTCODE_PLUGIN_SLUG]);
  });

  it('ignores releases below 1.7.51 and withdrawn ones, and takes the highest version, not the newest upload', async () => {
    await addRelease(POSTCODE_PLUGIN_SLUG, '1.7.50', '2025-12-01T00:00:00.000Z');
    expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)).toMatchObject({ release_version: null, is_purchasable: false });
    await addRelease(POSTCODE_PLUGIN_SLUG, '1.9.0', '2025-10-01T00:00:00.000Z');
    await addRelease(POSTCODE_PLUGIN_SLUG, '1.8.0', '2025-11-01T00:00:00.000Z');
    expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)).toMatchObject({ release_version: '1.9.0', current_version: '1.9.0', is_purchasable: true });
    await t.db.updateTable('releases').set({ withdrawn_at: '2025-12-02T00:00:00.000Z' }).where('version', '=', '1.9.0').execute();
    expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)).toMatchObject({ release_version: '1.8.0', current_version: '1.8.0' });
  });

  it.each([
    ['inactive pricing', { pricing_active: 0 }, false],
    ['no price', { price: null }, false],
    ['free', { is_free: 1, price: null }, true],
  ])('purchasable with %s: %s', async (_name, change, expected) => {
    await addRelease(POSTCODE_PLUGIN_SLUG, '1.7.51', '2025-09-18T00:00:00.000Z');
    await t.db.updateTable('plugins').set(change).where('slug', '=', POSTCODE_PLUGIN_SLUG).execute();
    expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)?.is_purchasable).toBe(expected);
    await t.db.updateTable('plugins').set({ price: 4900 }).where('slug', '=', POSTCODE_PLUGIN_SLUG).execute();
  });

  it('reads a damaged display list as empty instead of failing', async () => {
    await t.db.updateTable('plugins').set({ features: 'not json' }).where('slug', '=', POSTCODE_PLUGIN_SLUG).execute();
    expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)?.features).toEqual([]);
    await t.db.updateTable('plugins').set({ features: '["Postcode-based delivery zones"]' }).where('slug', '=', POSTCODE_PLUGIN_SLUG).execute();
  });

  it('answers an unknown currency as GBP rather than failing', async () => {
    await t.db.updateTable('plugins').set({ currency: 'XYZ' }).where('slug', '=', POSTCODE_PLUGIN_SLUG).execute();
    expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)?.currency).toBe('GBP');
    await t.db.updateTable('plugins').set({ currency: 'GBP' }).where('slug', '=', POSTCODE_PLUGIN_SLUG).execute();
  });

  it('answers the vendor texts and links entered through the admin', async () => {
    const fields = {
      long_description: 'First paragraph.\n\nSecond <b>paragraph</b>.',
      author: 'Acme Plugins Ltd',
      documentation_url: 'https://docs.example.com/zones',
      homepage: 'http://example.com/zones',
    };
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${POSTCODE_PLUGIN_SLUG}`, headers: await t.adminHeaders(), payload: fields });
    expect(patch.statusCode).toBe(200);
    expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)).toMatchObject(fields);
  });

  it('answers a plugin without vendor texts with empty values', async () => {
    await t.db.updateTable('plugins').set({ long_description: '', author: '', documentation_url: null, homepage: null }).execute();
    expect(bySlug(await fetchCatalog(), LICENSING_PLUGIN_SLUG)).toMatchObject({ long_description: '', author: null, documentation_url: null, homepage: null });
  });

  // Rows written before the admin checked addresses (or by hand) must not put a script link on the page.
  it.each(['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x', '/relative/path', 'not a url'])(
    'answers the stored link %s as null',
    async (link) => {
      await t.db.updateTable('plugins').set({ documentation_url: link, homepage: link }).where('slug', '=', POSTCODE_PLUGIN_SLUG).execute();
      expect(bySlug(await fetchCatalog(), POSTCODE_PLUGIN_SLUG)).toMatchObject({ documentation_url: null, homepage: null });
    },
  );

  it('ignores query strings and needs no session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plugins/public?search=%00%ff&sort=' });
    expect(response.statusCode).toBe(200);
  });
});
