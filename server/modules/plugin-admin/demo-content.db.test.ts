import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoContent } from '../../../common/plugin-admin.js';
import { makeImage } from '../../test/image-fixtures.js';
import { makePluginZip } from '../../test/release-test-helpers.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { addPluginImage, createPlugin, startAdminApp, uploadRelease } from '../../test/admin-app.js';

// Issue 25: "Remove demo content" deletes the seeded demo plugins with their releases, images and tiers, and
// refuses, saying why, once any of them has a sale or a licence. A vendor's own plugin is never touched.

const POSTCODE = 'postcode-delivery-zones';

describe(`remove demo content (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());

  const state = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/demo-content', headers })).json<DemoContent>();
  const remove = () => t.app.inject({ method: 'POST', url: '/api/admin/demo-content/remove', headers });
  const count = async (table: 'plugins' | 'releases' | 'plugin_images' | 'plugin_prices', slugColumn: 'slug' | 'plugin_slug', slug: string) =>
    (await t.db.selectFrom(table).select(slugColumn).where(slugColumn, '=', slug).execute()).length;

  it('deletes the demo plugins, their releases, images and tiers, keeps the vendor’s own plugin, and says so in the log', async () => {
    expect(await state()).toMatchObject({ plugins: [POSTCODE, 'ucre'], removable: true, blocked_by: null });
    // The vendor's own plugin, with a release, stays.
    expect((await createPlugin(t, { slug: 'own-plugin', name: 'Own Plugin' })).statusCode).toBe(201);
    const own = await uploadRelease(t, { plugin_slug: 'own-plugin', version: '1.0.0', notes: '' }, await makePluginZip('own-plugin', '1.0.0'));
    expect(own.statusCode).toBe(201);
    // A demo release and a demo image.
    const demo = await uploadRelease(t, { plugin_slug: POSTCODE, version: '1.8.0', notes: '' }, await makePluginZip(POSTCODE, '1.8.0'));
    expect(demo.statusCode).toBe(201);
    const image = { filename: 'shot.png', content: await makeImage('png', 320, 200), contentType: 'image/png' };
    const stored = await addPluginImage(t, POSTCODE, image, { type: 'screenshot' });
    expect(stored.statusCode).toBe(201);
    expect(await count('plugin_images', 'plugin_slug', POSTCODE)).toBe(1);

    const removed = await remove();
    expect(removed.statusCode).toBe(200);
    // Without replace_identity the demo store identity stays, and is still offered for replacement.
    expect(removed.json()).toMatchObject({ plugins: [], removable: false, blocked_by: null });
    expect(removed.json<DemoContent>().identity.map((change) => change.label)).toContain('Store name');
    for (const slug of [POSTCODE, 'ucre']) {
      expect(await count('plugins', 'slug', slug)).toBe(0);
      expect(await count('releases', 'plugin_slug', slug)).toBe(0);
      expect(await count('plugin_images', 'plugin_slug', slug)).toBe(0);
      expect(await count('plugin_prices', 'plugin_slug', slug)).toBe(0);
    }
    expect(await count('plugins', 'slug', 'own-plugin')).toBe(1);
    expect(await count('releases', 'plugin_slug', 'own-plugin')).toBe(1);
    const slugs = (await t.app.inject({ method: 'GET', url: '/api/plugins/public' })).json<Array<{ slug: string }>>().map((plugin) => plugin.slug);
    expect(slugs).not.toContain(POSTCODE);
    // The demo's minimum version went with it: the vendor's own 1.0.0 is now on sale.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).json()).toMatchObject({ min_release_version: '0.0.0' });
    const activity = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'demo_content_removed').executeTakeFirst();
    expect(JSON.parse(String(activity?.details))).toMatchObject({ plugins: [POSTCODE, 'ucre'] });

    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(await t.db.selectFrom('settings').select('value').where('key', '=', 'store_identity').executeTakeFirst()).toMatchObject({
      value: expect.stringContaining('8022 Plugins'),
    });
    expect(again.json<{ message: string }>().message).toBe('There is no demo content left to remove');
  });
});

describe(`remove demo content after a sale (${testDialect()})`, () => {
  let t: TestApp, headers: Record<string, string>;
  beforeAll(async () => ({ t, headers } = await startAdminApp()));
  afterAll(async () => t.close());

  it('refuses, saying which plugin has a licence, and deletes nothing', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/licenses', headers, payload: { plugin_slug: POSTCODE } });
    expect(made.statusCode).toBe(201);
    const state = (await t.app.inject({ method: 'GET', url: '/api/admin/demo-content', headers })).json<DemoContent>();
    expect(state.removable).toBe(false);
    expect(state.blocked_by).toContain(`${POSTCODE} has 1 licence`);
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/demo-content/remove', headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `The demo content can no longer be removed: ${POSTCODE} has 1 licence. Retire the demo plugins on their pages instead.`,
    );
    expect((await t.db.selectFrom('plugins').select('slug').execute()).map((row) => row.slug).sort()).toEqual([POSTCODE, 'ucre']);
  });
});
