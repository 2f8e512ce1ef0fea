import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import type { AdminPlugin, AdminPluginDetail } from '../../../common/plugins.js';
import { PLUGIN_SLUG_MESSAGE } from '../../../common/plugin-admin.js';
import { makeImage, multipartBody } from '../../test/image-fixtures.js';
import { makePluginZip, multipartBody as releaseBody } from '../../test/release-test-helpers.js';

const NEW_PLUGIN = {
  slug: 'stock-alerts',
  name: 'Stock Alerts',
  description: 'E-mail shoppers when a product is back.',
  long_description: 'Stock Alerts adds a "notify me" form to out-of-stock products.\n\nIt sends one e-mail per restock.',
  category: 'shipping',
  features: ['Back-in-stock e-mails', 'Waiting list export'],
  benefits: ['Recover lost sales'],
  requirements: ['WordPress 6.0+', 'WooCommerce 7.0+'],
  homepage: 'https://example.com/stock-alerts',
  documentation_url: 'https://example.com/stock-alerts/docs',
  author: 'Acme Plugins',
  is_featured: true,
};

describe(`plugins created and edited in the admin (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());

  const create = async (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/admin/plugins', headers, payload: payload as object });
  const patch = async (slug: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${slug}`, headers, payload: payload as object });
  const detail = async (slug: string) => t.app.inject({ method: 'GET', url: `/api/admin/plugins/${slug}`, headers });
  const pluginCount = async () => (await t.db.selectFrom('plugins').select('slug').execute()).length;
  const message = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

  it('creates a plugin with every catalogue field and answers it, not yet for sale', async () => {
    const response = await create(NEW_PLUGIN);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ ...NEW_PLUGIN, active: true, retired_at: null, pricing_active: false, price: null, currency: 'GBP' });
    const got = await detail('stock-alerts');
    expect(got.json()).toMatchObject({ ...NEW_PLUGIN, licence_count: 0, release_count: 0, is_slug_locked: false });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/plugins', headers })).json<AdminPlugin[]>();
    expect(listed.map((plugin) => plugin.slug)).toContain('stock-alerts');
  });

  it('creates with only a slug and a name, with empty defaults', async () => {
    const response = await create({ slug: 'tiny', name: 'Tiny' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      description: '',
      long_description: '',
      category: 'developer-tools',
      features: [],
      homepage: null,
      author: null,
      is_featured: false,
    });
  });

  it("takes the vendor's own category, trimmed, and answers it as typed (issue 25)", async () => {
    const response = await create({ slug: 'seo-helper', name: 'SEO Helper', category: '  SEO Tools ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ category: 'SEO Tools' });
    expect((await patch('seo-helper', { category: 'Marketing' })).json()).toMatchObject({ category: 'Marketing' });
  });

  it('answers 409 with a clear message for a slug that is taken, adding nothing', async () => {
    const before = await pluginCount();
    const response = await create({ slug: 'postcode-delivery-zones', name: 'Copy' });
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe('A plugin with the slug "postcode-delivery-zones" already exists: choose another slug');
    expect(await pluginCount()).toBe(before);
  });

  it('lets exactly one of two concurrent creates of the same slug win', async () => {
    const answers = await Promise.all([create({ slug: 'raced', name: 'A' }), create({ slug: 'raced', name: 'B' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    [{ slug: 'a', name: 'X' }, PLUGIN_SLUG_MESSAGE],
    [{ slug: 'My-Plugin', name: 'X' }, PLUGIN_SLUG_MESSAGE],
    [{ slug: 'my_plugin', name: 'X' }, PLUGIN_SLUG_MESSAGE],
    [{ slug: '-my-plugin', name: 'X' }, PLUGIN_SLUG_MESSAGE],
    [{ slug: 'my-plugin-', name: 'X' }, PLUGIN_SLUG_MESSAGE],
    [{ slug: 'x'.repeat(101), name: 'X' }, PLUGIN_SLUG_MESSAGE],
    [{ name: 'X' }, 'Slug is required'],
    [{ slug: 'ok-slug' }, 'Name is required'],
    [{ slug: 'ok-slug', name: '   ' }, 'Name is required'],
    [{ slug: 'ok-slug', name: 'X', description: 'x'.repeat(301) }, 'Short description must be at most 300 characters'],
    [{ slug: 'ok-slug', name: 'X', category: 'x'.repeat(41) }, 'Category must be at most 40 characters'],
    [{ slug: 'ok-slug', name: 'X', category: '  ' }, 'Category is required'],
    [{ slug: 'ok-slug', name: 'X', homepage: 'example.com' }, 'Homepage must be a full web address starting with https://'],
    [{ slug: 'ok-slug', name: 'X', documentation_url: 'javascript:alert(1)' }, 'Documentation URL must be a full web address'],
    [{ slug: 'ok-slug', name: 'X', features: ['ok', ''] }, 'Feature lines cannot be empty'],
    [{ slug: 'ok-slug', name: 'X', features: Array.from({ length: 31 }, (_, i) => `f${i}`) }, 'At most 30 features'],
    [{ slug: 'ok-slug', name: 'X', features: 'one' }, 'Features must be a list of texts'],
    [{ slug: 'ok-slug', name: 'X', price: 100 }, 'Unrecognized key'],
  ])('refuses %j with 400 and a message, adding nothing', async (payload, expected) => {
    const before = await pluginCount();
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toContain(expected);
    expect(await pluginCount()).toBe(before);
  });

  it('edits the catalogue fields, clearing optional texts with empty values', async () => {
    const response = await patch('stock-alerts', { name: 'Stock Alerts Pro', features: ['One'], homepage: '', author: '', is_featured: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Stock Alerts Pro',
      features: ['One'],
      homepage: null,
      author: null,
      is_featured: false,
      benefits: NEW_PLUGIN.benefits,
    });
  });

  it('changes the slug while nothing refers to it, taking the images along', async () => {
    await create({ slug: 'rename-me', name: 'Rename me' });
    const upload = multipartBody('image', 'shot.png', await makeImage('png', 640, 360));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/plugins/rename-me/images/upload',
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
    await t.app.inject({ method: 'POST', url: '/api/admin/plugins/rename-me/images', headers, payload: { url: uploaded.json<{ url: string }>().url } });

    const renamed = await patch('rename-me', { slug: 'renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<AdminPlugin>().slug).toBe('renamed');
    expect((await detail('rename-me')).statusCode).toBe(404);
    const images = await t.app.inject({ method: 'GET', url: '/api/admin/plugins/renamed/images', headers });
    expect(images.json<unknown[]>()).toHaveLength(1);
  });

  it('refuses a slug that another plugin has, changing nothing', async () => {
    const response = await patch('renamed', { slug: 'stock-alerts', name: 'Changed' });
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe('A plugin with the slug "stock-alerts" already exists: choose another slug');
    expect((await detail('renamed')).json<AdminPluginDetail>().name).toBe('Rename me');
  });

  it('fixes the slug once a licence names it (409 naming the reason), while other fields stay editable', async () => {
    const license = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers,
      payload: { key: '8022-AAAA-BBBB-CCCC-DDDD', plugin_slug: 'stock-alerts', plan: 'lifetime', status: 'active', max_activations: 3 },
    });
    expect(license.statusCode).toBe(201);
    expect((await detail('stock-alerts')).json()).toMatchObject({ licence_count: 1, is_slug_locked: true });

    const response = await patch('stock-alerts', { slug: 'stock-alerts-2', name: 'Never saved' });
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(
      'The slug of Stock Alerts Pro can no longer change: "stock-alerts" is already used by 1 licence, and WordPress sites send it to validate and update',
    );
    expect((await detail('stock-alerts')).json<AdminPluginDetail>().name).toBe('Stock Alerts Pro');
    expect((await patch('stock-alerts', { slug: 'stock-alerts' })).statusCode).toBe(200);
  });

  it('fixes the slug once a release exists (the zip carries it)', async () => {
    await create({ slug: 'shipped', name: 'Shipped' });
    const body = releaseBody({ plugin_slug: 'shipped', version: '1.0.0', notes: '' }, { content: await makePluginZip('shipped', '1.0.0') });
    const release = await t.app.inject({ method: 'POST', url: '/api/admin/releases', headers: { ...headers, ...body.headers }, payload: body.payload });
    expect(release.statusCode).toBe(201);
    const response = await patch('shipped', { slug: 'shipped-2' });
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(
      'The slug of Shipped can no longer change: "shipped" is already used by 1 release, whose zips are built in a folder of that name',
    );
  });

  it('answers 404 for unknown plugins and refuses strangers', async () => {
    expect((await detail('no-such-plugin')).statusCode).toBe(404);
    expect((await patch('no-such-plugin', { name: 'X' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/plugins', payload: NEW_PLUGIN })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/plugins/stock-alerts' })).statusCode).toBe(401);
  });
});
