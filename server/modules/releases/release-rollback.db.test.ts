import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { licenseOnSites, ROLLOUT_SLUG, updateCheck, uploadTestRelease } from '../../test/rollout-test-helpers.js';
import type { Release, UpdateCheckResponse } from '../../../common/releases.js';

// "Withdraw and offer previous release" (issue 29, docs/releases.md "Rollback"): sites that run the withdrawn
// version get a `rollback` naming the release before it, with its signed package.
describe(`rollback offer (${testDialect()})`, () => {
  let t: TestApp;
  let previous: Release;
  let broken: Release;
  let key = '';
  const SITE = 'https://rollback.example.com';

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'http://licensing.test' } });
    previous = await uploadTestRelease(t, '1.8.0');
    broken = await uploadTestRelease(t, '1.9.0');
    key = (await licenseOnSites(t, [SITE])).key;
  });
  afterAll(async () => t.close());

  const admin = async (url: string) => t.app.inject({ method: 'POST', url, headers: await t.adminHeaders() });
  const check = async (installed: string, fields: Record<string, string> = {}) => {
    const response = await updateCheck(t, { license_key: key, site_url: SITE, installed_version: installed, ...fields });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UpdateCheckResponse>();
  };

  it('offers no rollback while the release stands, nor after a plain withdrawal', async () => {
    expect((await check('1.9.0')).rollback).toBeUndefined();
    expect((await admin(`/api/admin/releases/${broken.id}/withdraw`)).statusCode).toBe(200);
    const answer = await check('1.9.0');
    expect(answer.version).toBe('1.8.0');
    expect(answer.rollback).toBeUndefined();
    expect((await admin(`/api/admin/releases/${broken.id}/restore`)).statusCode).toBe(200);
  });

  it('withdraws and offers the previous release to the sites on the withdrawn version, signed', async () => {
    const response = await admin(`/api/admin/releases/${broken.id}/rollback`);
    expect(response.statusCode, response.body).toBe(200);
    const release = response.json<Release>();
    expect(release.withdrawn_at).not.toBeNull();
    expect(release.rollback_at).not.toBeNull();

    const answer = await check('1.9.0');
    expect(answer.version).toBe('1.8.0');
    expect(answer.rollback).toMatchObject({ version: '1.8.0', withdrawn_version: '1.9.0', signature: previous.signature });
    expect(answer.rollback?.package).toBe(answer.download_url);
    // The package is the previous release's zip, and its .sig is the signature WordPress checks.
    const path = new URL(answer.rollback!.package).pathname;
    const sig = await t.app.inject({ method: 'GET', url: `${path}.sig` });
    expect(sig.statusCode).toBe(200);
    expect(sig.body).toBe(previous.signature);
    expect(path.endsWith(`${ROLLOUT_SLUG}-1.8.0.zip`)).toBe(true);

    // Sites already on the previous version, or on an older one, are not sent anywhere.
    expect((await check('1.8.0')).rollback).toBeUndefined();
    expect((await check('1.7.0')).rollback).toBeUndefined();
    const activity = await t.db.selectFrom('activities').select('action_type').where('action_type', '=', 'release_rolled_back').execute();
    expect(activity).toHaveLength(1);
  });

  it('offers no rollback without a valid licence on the site', async () => {
    const stranger = await updateCheck(t, { license_key: key, site_url: 'https://stranger.example.com', installed_version: '1.9.0' });
    expect(stranger.json<UpdateCheckResponse>().rollback).toBeUndefined();
    const noKey = await updateCheck(t, { site_url: SITE, installed_version: '1.9.0' });
    expect(noKey.json<UpdateCheckResponse>().rollback).toBeUndefined();
  });

  it('a restore ends the rollback', async () => {
    const restored = (await admin(`/api/admin/releases/${broken.id}/restore`)).json<Release>();
    expect(restored.rollback_at).toBeNull();
    const answer = await check('1.9.0');
    expect(answer.version).toBe('1.9.0');
    expect(answer.rollback).toBeUndefined();
  });

  it('refuses a rollback with nothing earlier to offer, changing nothing', async () => {
    const refused = await admin(`/api/admin/releases/${previous.id}/rollback`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/nothing to roll back to/);
    const row = await t.db.selectFrom('releases').select(['withdrawn_at', 'rollback_at']).where('id', '=', previous.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ withdrawn_at: null, rollback_at: null });
    expect((await admin(`/api/admin/releases/999999/rollback`)).statusCode).toBe(404);
  });
});
