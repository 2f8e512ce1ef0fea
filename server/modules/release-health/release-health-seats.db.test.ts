import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { licenseOnSites, ROLLOUT_SLUG, updateCheck, uploadTestRelease } from '../../test/rollout-test-helpers.js';
import { createLicense } from '../licenses/index.js';
import type { Release } from '../../../common/releases.js';
import type { ReleaseHealth } from '../../../common/release-health.js';

// Issue 37 point 2: a rollout's health comes from real installs. Sites that take no seat do not count, each
// licence counts once, and a halt needs failures from several licences (docs/releases.md).
describe(`release health counts real installs, once per licence (${testDialect()})`, () => {
  let t: TestApp;
  let first: Release;

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'http://licensing.test' } });
    const admin = await t.adminHeaders();
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { rate_limit_per_minute: 100_000 } });
    first = await uploadTestRelease(t, '1.8.0');
  });
  afterAll(async () => t.close());

  const report = (key: string, site: string, version: string, outcome: 'success' | 'failure') =>
    t.app.inject({ method: 'POST', url: `/api/v1/plugins/${ROLLOUT_SLUG}/health`, payload: { license_key: key, site_url: site, version, outcome } });
  const release = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/releases?plugin_slug=${ROLLOUT_SLUG}`, headers: await t.adminHeaders() }))
      .json<Release[]>()
      .find((row) => row.id === id)!;
  const health = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/releases/${id}/health`, headers: await t.adminHeaders() })).json<ReleaseHealth>();
  const setRule = async (payload: Record<string, number>) =>
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload })).statusCode).toBe(200);

  it('does not count the reports of local sites that take no seat (33 `.test` sites on a 1-site licence)', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: ROLLOUT_SLUG, plan: 'lifetime', maxActivations: 1 });
    const sites = Array.from({ length: 33 }, (_, i) => `https://fake-${i}.test`);
    for (const site of sites) {
      const activated = await t.app.inject({
        method: 'POST',
        url: '/api/v1/licenses/activate',
        payload: { license_key: license.key, site_url: site, plugin_slug: ROLLOUT_SLUG },
      });
      expect(activated.json(), activated.body).toMatchObject({ activated: true });
    }
    expect((await updateCheck(t, { license_key: license.key, site_url: sites[0]! })).json<{ version: string }>().version).toBe('1.8.0');
    for (const site of sites.slice(0, 20)) {
      const answer = await report(license.key, site, '1.8.0', 'failure');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ recorded: false, detail: expect.stringMatching(/takes no seat/) });
    }
    expect((await release(first.id)).rollout_paused_at).toBeNull();
    expect(await health(first.id)).toMatchObject({ sites_updated: 0, failures: 0 });
  });

  it('counts one licence once however many of its sites fail, and halts only on failures from 3 licences', async () => {
    await setRule({ rollout_halt_min_sites: 1, rollout_halt_failure_percent: 0 });
    const many = await licenseOnSites(
      t,
      Array.from({ length: 25 }, (_, i) => `https://many-${i}.example.com`),
    );
    for (let i = 0; i < 25; i++) expect((await report(many.key, `https://many-${i}.example.com`, '1.8.0', 'failure')).json()).toMatchObject({ recorded: true });
    expect(await health(first.id)).toMatchObject({ sites_updated: 25, failures: 25 });
    // 25 failing sites, one licence: no halt.
    expect((await release(first.id)).rollout_paused_at).toBeNull();
    const second = await licenseOnSites(t, ['https://second.example.com']);
    await report(second.key, 'https://second.example.com', '1.8.0', 'failure');
    expect((await release(first.id)).rollout_paused_at).toBeNull();
    const third = await licenseOnSites(t, ['https://third.example.com']);
    await report(third.key, 'https://third.example.com', '1.8.0', 'failure');
    expect((await release(first.id)).rollout_pause_reason).toBe(
      'Paused automatically: 3 of 3 updated licences (100.0%) reported a failure, above the 0% threshold',
    );
  });

  it('bounds successes the same way: one licence with 100 succeeding sites counts once and cannot hide real failures', async () => {
    await setRule({ rollout_halt_min_sites: 20, rollout_halt_failure_percent: 10 });
    const next = await uploadTestRelease(t, '1.9.0');
    const diluter = await licenseOnSites(
      t,
      Array.from({ length: 100 }, (_, i) => `https://dilute-${i}.example.com`),
    );
    expect((await updateCheck(t, { license_key: diluter.key, site_url: 'https://dilute-0.example.com' })).json<{ version: string }>().version).toBe('1.9.0');
    for (let i = 0; i < 100; i++) await report(diluter.key, `https://dilute-${i}.example.com`, '1.9.0', 'success');
    for (let i = 0; i < 19; i++) {
      const buyer = await licenseOnSites(t, [`https://buyer-${i}.example.com`]);
      await report(buyer.key, `https://buyer-${i}.example.com`, '1.9.0', i < 3 ? 'failure' : 'success');
    }
    // By sites: 3 of 119 (2.5 %), below 10 %. By licences: 3 of 20 (15 %), above it.
    expect(await health(next.id)).toMatchObject({ sites_updated: 119, failures: 3 });
    expect((await release(next.id)).rollout_pause_reason).toBe(
      'Paused automatically: 3 of 20 updated licences (15.0%) reported a failure, above the 10% threshold',
    );
  });
});
