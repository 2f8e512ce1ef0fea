import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp, uploadRelease } from '../../test/admin-app.js';
import { lifetimeLicenseOn } from '../../test/license-seed.js';
import { createDownloadUrl } from './download-links.service.js';
import { releasesDir } from './release-storage.js';
import { makePluginZip, makeZip, pluginMainFile } from '../../test/release-test-helpers.js';

const SLUG = 'postcode-delivery-zones';
const SITE = 'https://shop.example.com/';
const BASE = 'http://licensing.test';

const README = `=== Postcode Delivery Zones ===
Requires at least: 6.2
Tested up to: 6.8
Requires PHP: 8.1
Stable tag: 1.1.0

== Changelog ==

= 1.1.0 =
* Sector pricing

== Upgrade Notice ==

= 1.1.0 =
Re-save your zones after updating.
`;

describe(`release lifecycle: metadata, latest by version, withdraw, delete (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let licenseId: number;
  let licenseKey: string;
  const ids: Record<string, number> = {};

  const storedFiles = () => (fs.existsSync(releasesDir(t.config.dataDir)) ? fs.readdirSync(releasesDir(t.config.dataDir)) : []);
  const upload = (version: string, zip: Buffer) => uploadRelease(t, { plugin_slug: SLUG, version, notes: `Notes ${version}` }, zip);
  const currentVersion = async () =>
    (await t.db.selectFrom('plugins').select('current_version').where('slug', '=', SLUG).executeTakeFirstOrThrow()).current_version;
  const check = async (withLicense = true) => {
    const query = withLicense ? `?${new URLSearchParams({ license_key: licenseKey, site_url: SITE }).toString()}` : '';
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/plugins/${SLUG}/update${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, unknown> & { version: string; download_url?: string; sections: { changelog: string } }>();
  };
  const admin = (method: 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers });

  beforeAll(async () => {
    ({ t, headers } = await startAdminApp({ env: { BASE_URL: BASE } }));
    const license = await lifetimeLicenseOn(t, SLUG, SITE);
    licenseId = license.id;
    licenseKey = license.key;
  });
  afterAll(async () => t.close());

  it.each([
    {
      problem: 'a header version that differs from the release version',
      zip: () => makePluginZip(SLUG, '1.0.0'),
      message: `The plugin header of ${SLUG}/${SLUG}.php says Version 1.0.0, but this release is 1.2.0: upload the zip built for 1.2.0 or correct the version`,
    },
    {
      problem: 'a top folder that is not the slug',
      zip: () => makePluginZip('postcode-delivery-zones-1.2.0', '1.2.0'),
      message: `Everything in the zip must be inside one folder named "${SLUG}" (the plugin slug), but it has "postcode-delivery-zones-1.2.0" at the top: zip the plugin folder itself`,
    },
    {
      problem: 'no plugin header',
      zip: () => makeZip({ [`${SLUG}/${SLUG}.php`]: '<?php // no header', [`${SLUG}/readme.txt`]: README }),
      message: `No plugin header found: the zip needs a PHP file directly in "${SLUG}/" whose header comment has a "Plugin Name:" line`,
    },
  ])('refuses $problem with a 400 naming it, storing nothing', async ({ zip, message }) => {
    const filesBefore = storedFiles();
    const response = await upload('1.2.0', await zip());
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
    expect(storedFiles()).toEqual(filesBefore);
    expect(await t.db.selectFrom('releases').select('id').where('version', '=', '1.2.0').execute()).toEqual([]);
  });

  it('stores the metadata of the zip and answers it in the list and the update check', async () => {
    const zip = await makeZip({
      [`${SLUG}/${SLUG}.php`]: pluginMainFile('Postcode Delivery Zones', '1.1.0', ' * Author: Acme Ltd\n'),
      [`${SLUG}/readme.txt`]: README,
    });
    const response = await upload('1.1.0', zip);
    expect(response.statusCode).toBe(201);
    ids['1.1.0'] = response.json<{ id: number }>().id;
    expect(response.json()).toMatchObject({
      requires_wp: '6.2',
      tested_wp: '6.8',
      requires_php: '8.1',
      author: 'Acme Ltd',
      upgrade_notice: 'Re-save your zones after updating.',
      withdrawn_at: null,
      offered_at: null,
    });

    const body = await check(false);
    expect(body).toMatchObject({
      version: '1.1.0',
      requires: '6.2',
      tested: '6.8',
      requires_php: '8.1',
      author: 'Acme Ltd',
      upgrade_notice: 'Re-save your zones after updating.',
    });
    expect(body.sections.changelog).toBe('<h4>1.1.0</h4>\n<ul>\n<li>Sector pricing</li>\n</ul>');
  });

  it('stores a readme with NUL bytes without them (PostgreSQL refuses NUL in text)', async () => {
    const zip = await makeZip({
      [`${SLUG}/${SLUG}.php`]: pluginMainFile('Zones', '0.0.1', ' * Author: A\u0000B\n'),
      [`${SLUG}/readme.txt`]: '== Changelog ==\n= 0.0.1 =\n* x\u0000y\n',
    });
    const response = await upload('0.0.1', zip);
    expect(response.statusCode).toBe(201);
    const release = response.json<{ id: number; author: string }>();
    expect(release.author).toBe('AB');
    expect((await admin('DELETE', `/api/admin/releases/${release.id}`)).statusCode).toBe(204);
  });

  it('keeps the highest version latest when a lower hotfix is uploaded after it', async () => {
    const response = await upload('1.0.1', await makePluginZip(SLUG, '1.0.1'));
    expect(response.statusCode).toBe(201);
    ids['1.0.1'] = response.json<{ id: number }>().id;
    expect(await currentVersion()).toBe('1.1.0');
    expect((await check(false)).version).toBe('1.1.0');
    const url = await createDownloadUrl(t.ctx, { licenseId: licenseId, pluginSlug: SLUG, ttlSeconds: 60, baseUrl: BASE });
    expect(url).toMatch(/postcode-delivery-zones-1\.1\.0\.zip$/);
  });

  it('marks a release offered when a download link is made, and then refuses to delete it (409)', async () => {
    const offered = await t.db.selectFrom('releases').select(['version', 'offered_at']).where('plugin_slug', '=', SLUG).execute();
    expect(offered.find((row) => row.version === '1.1.0')?.offered_at).toEqual(expect.any(String));
    expect(offered.find((row) => row.version === '1.0.1')?.offered_at).toBeNull();
    const refused = await admin('DELETE', `/api/admin/releases/${ids['1.1.0']}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('withdraw it instead');
  });

  it('withdraws a release: never offered, links refused (old ones too), current version moves; restore undoes it', async () => {
    const before = await check();
    expect(before.version).toBe('1.1.0');
    const oldLink = new URL(before.download_url ?? '').pathname;
    expect((await t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(200);

    const withdrawn = await admin('POST', `/api/admin/releases/${ids['1.1.0']}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ version: '1.1.0', withdrawn_at: expect.any(String) });
    expect(await currentVersion()).toBe('1.0.1');
    const after = await check();
    expect(after.version).toBe('1.0.1');
    expect(after.download_url).toMatch(/1\.0\.1\.zip$/);
    // An update check that answered a download_url marks the release offered.
    expect(
      (
        await t.db
          .selectFrom('releases')
          .select('offered_at')
          .where('id', '=', ids['1.0.1'] ?? 0)
          .executeTakeFirstOrThrow()
      ).offered_at,
    ).toEqual(expect.any(String));
    expect(after.sections.changelog).not.toContain('1.1.0');
    const refused = await t.app.inject({ method: 'GET', url: oldLink });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Version 1.1.0 was withdrawn: check for updates again to get the current version');
    expect((await t.app.inject({ method: 'GET', url: '/api/releases/files' })).json<Array<{ version: string }>>().map((file) => file.version)).not.toContain(
      '1.1.0',
    );
    // The file stays, and the admin can still fetch it.
    const row = await t.db
      .selectFrom('releases')
      .select('zip_path')
      .where('id', '=', ids['1.1.0'] ?? 0)
      .executeTakeFirstOrThrow();
    expect(storedFiles()).toContain(row.zip_path);
    expect((await t.app.inject({ method: 'GET', url: `/releases/${row.zip_path}`, headers })).statusCode).toBe(200);

    const restored = await admin('POST', `/api/admin/releases/${ids['1.1.0']}/restore`);
    expect(restored.json()).toMatchObject({ withdrawn_at: null });
    expect(await currentVersion()).toBe('1.1.0');
    expect((await t.app.inject({ method: 'GET', url: oldLink })).statusCode).toBe(200);
  });

  it('deletes a release never offered: row and file gone, current version kept right', async () => {
    const response = await upload('0.9.0', await makePluginZip(SLUG, '0.9.0'));
    const release = response.json<{ id: number; zip_path: string }>();
    expect(storedFiles()).toContain(release.zip_path);
    const deleted = await admin('DELETE', `/api/admin/releases/${release.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(storedFiles()).not.toContain(release.zip_path);
    expect(await t.db.selectFrom('releases').select('id').where('id', '=', release.id).execute()).toEqual([]);
    expect(await currentVersion()).toBe('1.1.0');
    expect((await admin('DELETE', `/api/admin/releases/${release.id}`)).statusCode).toBe(404);
  });

  it('moves current_version to null when the last release left is withdrawn, and the update check answers 404', async () => {
    await admin('POST', `/api/admin/releases/${ids['1.1.0']}/withdraw`);
    await admin('POST', `/api/admin/releases/${ids['1.0.1']}/withdraw`);
    const demo = await t.db.selectFrom('releases').select('id').where('plugin_slug', '=', SLUG).where('withdrawn_at', 'is', null).execute();
    for (const row of demo) await admin('POST', `/api/admin/releases/${row.id}/withdraw`);
    expect(await currentVersion()).toBeNull();
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/plugins/${SLUG}/update` });
    expect(response.statusCode).toBe(404);
    expect(await createDownloadUrl(t.ctx, { licenseId: licenseId, pluginSlug: SLUG, ttlSeconds: 60, baseUrl: BASE })).toBeNull();
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 without a session', async () => {
    expect((await admin('POST', '/api/admin/releases/999999/withdraw')).statusCode).toBe(404);
    expect((await admin('POST', '/api/admin/releases/abc/withdraw')).statusCode).toBe(400);
    for (const [method, url] of [
      ['POST', `/api/admin/releases/${ids['1.0.1']}/withdraw`],
      ['POST', `/api/admin/releases/${ids['1.0.1']}/restore`],
      ['DELETE', `/api/admin/releases/${ids['1.0.1']}`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    }
  });
});

describe(`update answer artwork (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: BASE } });
    const response = await uploadRelease(t, { plugin_slug: SLUG, version: '2.0.0' }, await makePluginZip(SLUG, '2.0.0'));
    expect(response.statusCode).toBe(201);
  });
  afterAll(async () => t.close());

  const addImage = async (name: string, type: string, ext: string, widths: number[], isPrimary = 0) => {
    const now = new Date().toISOString();
    await t.db
      .insertInto('image_uploads')
      .values({ name, plugin_slug: SLUG, ext, width: 2000, height: 600, variant_widths: JSON.stringify(widths), bytes: 1, created_at: now })
      .execute();
    await t.db
      .insertInto('plugin_images')
      .values({ plugin_slug: SLUG, upload_name: name, type, caption: '', sort_order: 0, is_primary: isPrimary, created_at: now, updated_at: now })
      .execute();
  };
  const artwork = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/plugins/${SLUG}/update` })).json<{ icons: Record<string, string>; banners: Record<string, string> }>();

  it('answers empty icons and banners without such images, then URLs of the stored variants', async () => {
    await addImage('a'.repeat(32), 'hero', 'png', [480, 1200]);
    expect(await artwork()).toMatchObject({ icons: {}, banners: {} });

    await addImage('b'.repeat(32), 'icon', 'png', [256]);
    await addImage('c'.repeat(32), 'banner', 'jpg', [480, 1200]);
    await addImage('d'.repeat(32), 'banner', 'jpg', [480, 1200], 1);
    expect(await artwork()).toMatchObject({
      icons: { '1x': `${BASE}/media/images/${'b'.repeat(32)}-256w.webp`, '2x': `${BASE}/media/images/${'b'.repeat(32)}.png` },
      banners: { low: `${BASE}/media/images/${'d'.repeat(32)}-1200w.webp`, high: `${BASE}/media/images/${'d'.repeat(32)}.jpg` },
    });
  });
});

describe(`concurrent uploads of different versions (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('leaves current_version at the highest, whatever order they commit in', async () => {
    const versions = ['3.0.0', '3.2.0', '3.1.0', '3.0.1'];
    const responses = await Promise.all(
      versions.map(async (version) => uploadRelease(t, { plugin_slug: SLUG, version, notes: '' }, await makePluginZip(SLUG, version, 100_000))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const plugin = await t.db.selectFrom('plugins').select('current_version').where('slug', '=', SLUG).executeTakeFirstOrThrow();
    expect(plugin.current_version).toBe('3.2.0');
  });
});
