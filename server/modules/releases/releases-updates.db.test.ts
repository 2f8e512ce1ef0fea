import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { uploadRelease } from '../../test/admin-app.js';
import { createLicense, revokeLicense } from '../licenses/index.js';
import { activateOn } from '../../test/license-seed.js';
import { createDownloadUrl } from './download-links.service.js';
import { downloadSecret, signDownloadToken } from './download-token.service.js';
import { seedDemoRelease } from './demo-release.js';
import { makePluginZip } from '../../test/release-test-helpers.js';

const SLUG = 'postcode-delivery-zones';
const SITE = 'https://www.shop.example.com/';
const BASE = 'http://licensing.test';

describe(`update checks and signed downloads (${testDialect()})`, () => {
  let t: TestApp;
  let zip: Buffer;
  let signature: string;

  const license = async (options: { activateOn?: string; plugin?: string; expired?: boolean } = {}) => {
    const row = await createLicense(t.ctx, { pluginSlug: options.plugin ?? SLUG, plan: 'lifetime', maxActivations: 3 });
    if (options.activateOn) await activateOn(t, row.id, options.activateOn);
    if (options.expired) await t.db.updateTable('licenses').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', row.id).execute();
    return row;
  };
  const check = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/plugins/${SLUG}/update?${new URLSearchParams(query).toString()}` });
  const pathOf = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: BASE } });
    expect(await seedDemoRelease(t.ctx)).toBe(true);
    expect(await seedDemoRelease(t.ctx)).toBe(false);
    zip = await makePluginZip(SLUG, '1.8.0', 5000);
    const response = await uploadRelease(t, { plugin_slug: SLUG, version: '1.8.0', notes: 'Line one\n\n<b>bold</b>' }, zip);
    expect(response.statusCode).toBe(201);
    signature = response.json<{ signature: string }>().signature;
  });
  afterAll(async () => t.close());

  it('seeds the demo release 1.7.51 dated 2025-09-18', async () => {
    const demo = await t.db.selectFrom('releases').selectAll().where('version', '=', '1.7.51').executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ plugin_slug: SLUG, created_at: '2025-09-18T00:00:00.000Z' });
    expect(demo.notes.length).toBeGreaterThan(0);
  });

  it('answers plugin-update-checker metadata with a download_url for a valid licence active on the site', async () => {
    const row = await license({ activateOn: 'shop.example.com' });
    const response = await check({ installed_version: '1.7.51', license_key: row.key.toLowerCase(), site_url: SITE });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown> & { download_url: string; sections: { changelog: string } }>();
    expect(body).toMatchObject({
      name: 'Postcode Delivery Zones',
      slug: SLUG,
      version: '1.8.0',
      requires: '6.0',
      tested: '6.8',
      requires_php: '8.0',
      banners: {},
      icons: {},
    });
    expect(body.download_url).toMatch(new RegExp(`^${BASE}/api/v1/downloads/[^/]+/${SLUG}-1\\.8\\.0\\.zip$`));
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(body).not.toHaveProperty('package_withheld');
    expect(body.sections.changelog).toContain('<h4>1.8.0');
    expect(body.sections.changelog).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(body.sections.changelog.indexOf('1.8.0')).toBeLessThan(body.sections.changelog.indexOf('1.7.51'));

    const download = await t.app.inject({ method: 'GET', url: pathOf(body.download_url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-content-signature']).toBe(signature);
    expect(download.rawPayload.equals(zip)).toBe(true);
    const sig = await t.app.inject({ method: 'GET', url: `${pathOf(body.download_url)}.sig` });
    expect(sig.statusCode).toBe(200);
    expect(sig.body).toBe(signature);
  });

  it.each([
    [
      'a revoked licence',
      'license_revoked',
      async () => {
        const row = await license({ activateOn: SITE });
        await revokeLicense(t.ctx, row.id);
        return { license_key: row.key, site_url: SITE };
      },
    ],
    [
      'an expired licence',
      'license_expired',
      async () => {
        const row = await license({ activateOn: SITE, expired: true });
        return { license_key: row.key, site_url: SITE };
      },
    ],
    [
      'a site the licence is not active on',
      'site_inactive',
      async () => {
        const row = await license({ activateOn: 'other.example.org' });
        return { license_key: row.key, site_url: SITE };
      },
    ],
    [
      'a licence for another plugin',
      'license_required',
      async () => {
        const row = await license({ activateOn: SITE, plugin: 'ucre' });
        return { license_key: row.key, site_url: SITE };
      },
    ],
    ['an unknown key', 'license_required', async () => ({ license_key: '8022-NOPE-NOPE-NOPE-NOPE', site_url: SITE })],
    ['a key without a site', 'license_required', async () => ({ license_key: '8022-NOPE-NOPE-NOPE-NOPE' })],
    ['no licence at all', 'license_required', async () => ({})],
  ])('answers metadata without download_url for %s, saying why (%s)', async (_case, code, makeQuery) => {
    const response = await check(await makeQuery());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({ slug: SLUG, version: '1.8.0', package_withheld: { code, message: expect.stringMatching(/.{20,}/) } });
    expect(response.json()).not.toHaveProperty('download_url');
  });

  it('answers 404 for an unknown plugin and for a plugin without releases', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/plugins/nope/update' })).statusCode).toBe(404);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/plugins/ucre/update' });
    expect(none.statusCode).toBe(404);
    expect(none.json<{ message: string }>().message).toBe('8022 Licensing has no release yet');
  });

  it('refuses a tampered token, an expired token and a wrong file name', async () => {
    const row = await license({ activateOn: SITE });
    const url = pathOf((await createDownloadUrl(t.ctx, { licenseId: row.id, pluginSlug: SLUG, ttlSeconds: 3600, baseUrl: BASE })) ?? '');
    const [, , , , token, file] = url.split('/');
    const tampered = `${token?.slice(0, -2)}${token?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/downloads/${tampered}/${file}` })).statusCode).toBe(403);
    const release = await t.db.selectFrom('releases').select('id').where('version', '=', '1.8.0').executeTakeFirstOrThrow();
    const expired = signDownloadToken(downloadSecret(t.ctx), { licenseId: row.id, releaseId: release.id, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const expiredResponse = await t.app.inject({ method: 'GET', url: `/api/v1/downloads/${expired}/${file}` });
    expect(expiredResponse.statusCode).toBe(403);
    expect(expiredResponse.json<{ message: string }>().message).toContain('expired');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/downloads/${token}/other-1.0.0.zip` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/downloads/garbage/${file}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url })).statusCode).toBe(200);
  });

  it('re-checks the licence at download time: revoked or expired after the link was made → 403', async () => {
    const revoked = await license({ activateOn: SITE });
    const revokedUrl = pathOf((await createDownloadUrl(t.ctx, { licenseId: revoked.id, pluginSlug: SLUG, ttlSeconds: 3600, baseUrl: BASE })) ?? '');
    expect((await t.app.inject({ method: 'GET', url: revokedUrl })).statusCode).toBe(200);
    await revokeLicense(t.ctx, revoked.id);
    const after = await t.app.inject({ method: 'GET', url: revokedUrl });
    expect(after.statusCode).toBe(403);
    expect(after.json<{ message: string }>().message).toBe('The licence for this download is revoked');

    const expiring = await license({ activateOn: SITE });
    const expiringUrl = pathOf((await createDownloadUrl(t.ctx, { licenseId: expiring.id, pluginSlug: SLUG, ttlSeconds: 3600, baseUrl: BASE })) ?? '');
    await t.db.updateTable('licenses').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', expiring.id).execute();
    expect((await t.app.inject({ method: 'GET', url: `${expiringUrl}.sig` })).statusCode).toBe(403);
  });

  it('createDownloadUrl answers null for a plugin without releases', async () => {
    const row = await license({ plugin: 'ucre' });
    expect(await createDownloadUrl(t.ctx, { licenseId: row.id, pluginSlug: 'ucre', ttlSeconds: 60, baseUrl: BASE })).toBeNull();
  });
});
