import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { licenseOnSites, ROLLOUT_SLUG, updateCheck, uploadTestRelease } from '../../test/rollout-test-helpers.js';
import type { Release } from '../../../common/releases.js';
import { makePluginZip, multipartBody } from '../../test/release-test-helpers.js';

// Channels (issue 29): a site follows stable unless it sent channel=beta or its licence is on beta; the
// update check offers the highest version its channel allows.
describe(`release channels (${testDialect()})`, () => {
  let t: TestApp;
  let stableKey = '';
  let betaLicense = { id: 0, key: '' };
  const STABLE_SITE = 'https://stable.example.com';
  const BETA_SITE = 'https://beta.example.com';

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'http://licensing.test' } });
    await uploadTestRelease(t, '1.8.0');
    const beta = await uploadTestRelease(t, '1.9.0', { channel: 'beta' });
    expect(beta).toMatchObject({ channel: 'beta', rollout_percent: 100, notice: null });
    stableKey = (await licenseOnSites(t, [STABLE_SITE])).key;
    betaLicense = await licenseOnSites(t, [BETA_SITE]);
  });
  afterAll(async () => t.close());

  const offered = async (fields: Record<string, string>) => {
    const response = await updateCheck(t, fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ version: string; download_url?: string }>();
  };

  it('offers a stable site the highest stable release, and a site that opted in the beta', async () => {
    expect(await offered({ license_key: stableKey, site_url: STABLE_SITE })).toMatchObject({ version: '1.8.0', download_url: expect.any(String) });
    expect(await offered({ license_key: stableKey, site_url: STABLE_SITE, channel: 'stable' })).toMatchObject({ version: '1.8.0' });
    const beta = await offered({ license_key: stableKey, site_url: STABLE_SITE, channel: 'beta' });
    expect(beta).toMatchObject({ version: '1.9.0' });
    expect(beta.download_url).toContain(`${ROLLOUT_SLUG}-1.9.0.zip`);
    // Without a licence the answer names the stable release (and withholds the package).
    expect(await offered({})).toMatchObject({ version: '1.8.0' });
  });

  it('offers the beta to every site of a licence the vendor put on beta', async () => {
    expect(await offered({ license_key: betaLicense.key, site_url: BETA_SITE })).toMatchObject({ version: '1.8.0' });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/licenses/${betaLicense.id}`,
      headers: await t.adminHeaders(),
      payload: { channel: 'beta' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json<{ channel: string }>().channel).toBe('beta');
    expect(await offered({ license_key: betaLicense.key, site_url: BETA_SITE })).toMatchObject({ version: '1.9.0' });
    expect(await offered({ license_key: betaLicense.key, site_url: BETA_SITE, channel: 'stable' })).toMatchObject({ version: '1.9.0' });
  });

  it('keeps betas out of the latest version the catalogue and dashboard read', async () => {
    const plugin = await t.db.selectFrom('plugins').select('current_version').where('slug', '=', ROLLOUT_SLUG).executeTakeFirstOrThrow();
    expect(plugin.current_version).toBe('1.8.0');
  });

  it('accepts a beta below the latest stable release and says so', async () => {
    const low = await uploadTestRelease(t, '1.7.90', { channel: 'beta' });
    expect(low.notice).toMatch(/^Beta 1\.7\.90 is below the latest stable release 1\.8\.0/);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/releases?plugin_slug=${ROLLOUT_SLUG}`, headers: await t.adminHeaders() });
    const byVersion = new Map(list.json<Release[]>().map((release) => [release.version, release]));
    expect(byVersion.get('1.7.90')?.notice).toMatch(/below the latest stable release 1\.8\.0/);
    expect(byVersion.get('1.9.0')?.notice).toBeNull();
    // Beta sites still get the highest version of both channels.
    expect(await offered({ license_key: stableKey, site_url: STABLE_SITE, channel: 'beta' })).toMatchObject({ version: '1.9.0' });
  });

  it('moves a release between channels from the admin', async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/releases?plugin_slug=${ROLLOUT_SLUG}`, headers: await t.adminHeaders() });
    const beta = list.json<Release[]>().find((release) => release.version === '1.9.0');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/releases/${beta?.id}`,
      headers: await t.adminHeaders(),
      payload: { channel: 'stable' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json<Release>().channel).toBe('stable');
    expect(await offered({ license_key: stableKey, site_url: STABLE_SITE })).toMatchObject({ version: '1.9.0' });
    const plugin = await t.db.selectFrom('plugins').select('current_version').where('slug', '=', ROLLOUT_SLUG).executeTakeFirstOrThrow();
    expect(plugin.current_version).toBe('1.9.0');
  });

  it.each([
    ['update check', () => updateCheck(t, { channel: 'nightly' })],
    [
      'licence',
      async () =>
        t.app.inject({ method: 'PATCH', url: `/api/admin/licenses/${betaLicense.id}`, headers: await t.adminHeaders(), payload: { channel: 'alpha' } }),
    ],
    [
      'upload',
      async () => {
        const body = multipartBody({ plugin_slug: ROLLOUT_SLUG, version: '2.0.0', channel: 'alpha' }, { content: await makePluginZip(ROLLOUT_SLUG, '2.0.0') });
        return t.app.inject({ method: 'POST', url: '/api/admin/releases', payload: body.payload, headers: { ...(await t.adminHeaders()), ...body.headers } });
      },
    ],
  ])('refuses an unknown channel (%s) with a 400 that names it', async (_name, send) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/stable or beta/);
  });
});
