import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { licenseOnSites, ROLLOUT_SLUG, updateCheck, uploadTestRelease } from '../../test/rollout-test-helpers.js';
import type { Release } from '../../../common/releases.js';
import type { ReleaseHealth } from '../../../common/release-health.js';
import { passesHaltRule } from './release-health.service.js';

// Health reports and the automatic halt (issue 29).
describe(`release health and the automatic halt (${testDialect()})`, () => {
  let t: TestApp;
  let release: Release;
  const keys = new Map<string, string>();
  const SITES = Array.from({ length: 30 }, (_, i) => `https://health-${i}.example.com`);

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'http://licensing.test' } });
    release = await uploadTestRelease(t, '1.8.0');
    // One licence per site: the halt counts licences (each once), not sites.
    for (const site of SITES) keys.set(site, (await licenseOnSites(t, [site])).key);
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload: { rate_limit_per_minute: 100_000 } });
    expect((await updateCheck(t, { license_key: keys.get(SITES[0]!)!, site_url: SITES[0]! })).json<{ version: string }>().version).toBe('1.8.0');
  });
  afterAll(async () => t.close());

  const report = (site: string, outcome: 'success' | 'failure', extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/plugins/${ROLLOUT_SLUG}/health`,
      payload: {
        license_key: keys.get(site) ?? keys.get(SITES[0]!)!,
        site_url: site,
        version: '1.8.0',
        outcome,
        running_version: outcome === 'success' ? '1.8.0' : '1.7.51',
        ...extra,
      },
    });
  const health = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/releases/${release.id}/health`, headers: await t.adminHeaders() })).json<ReleaseHealth>();
  const current = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/releases?plugin_slug=${ROLLOUT_SLUG}`, headers: await t.adminHeaders() }))
      .json<Release[]>()
      .find((row) => row.id === release.id)!;

  it('applies the default rule: more than 2 % of at least 20 updated licences, failing on at least 3 licences', () => {
    const rule = { failurePercent: 2, minSites: 20, minFailingLicenses: 3 };
    expect(passesHaltRule({ total: 19, failures: 19 }, rule)).toBe(false);
    expect(passesHaltRule({ total: 50, failures: 1 }, rule)).toBe(false);
    expect(passesHaltRule({ total: 50, failures: 2 }, rule)).toBe(false);
    expect(passesHaltRule({ total: 50, failures: 3 }, rule)).toBe(true);
    expect(passesHaltRule({ total: 200, failures: 4 }, rule)).toBe(false);
  });

  it('refuses a site without an activation, a release never offered and malformed reports, recording nothing', async () => {
    const stranger = await report('https://stranger.example.com', 'success');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json<{ message: string }>().message).toMatch(/no activation/);
    await uploadTestRelease(t, '1.9.0', { rollout_percent: '0' });
    const never = await report(SITES[1]!, 'failure', { version: '1.9.0' });
    expect(never.statusCode).toBe(409);
    expect(never.json<{ message: string }>().message).toMatch(/never offered to this site/);
    expect((await report(SITES[1]!, 'failure', { version: '7.7.7' })).statusCode).toBe(409);
    expect((await report(SITES[1]!, 'broken' as 'success')).statusCode).toBe(400);
    expect((await report(SITES[1]!, 'failure', { fatal_errors: 'boom' })).statusCode).toBe(400);
    expect(await health()).toMatchObject({ sites_updated: 0, failures: 0 });
  });

  it('counts a site once per release', async () => {
    expect((await report(SITES[0]!, 'success')).json()).toEqual({ recorded: true, detail: 'Report recorded' });
    const again = await report(SITES[0]!, 'failure');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ recorded: boolean }>().recorded).toBe(false);
    expect(await health()).toMatchObject({ sites_updated: 1, failures: 0, failure_rate: 0 });
  });

  it('pauses the rollout at the threshold, once, with an e-mail, an activity and the reason on the release', async () => {
    for (const site of SITES.slice(1, 18)) expect((await report(site, 'success')).statusCode).toBe(200);
    const fatal = [
      { message: 'Uncaught Error: Call to undefined function zones_boot()', file: 'wp-content/plugins/postcode-delivery-zones/boot.php', line: 12 },
    ];
    expect((await report(SITES[18]!, 'failure', { fatal_errors: fatal })).statusCode).toBe(200);
    // 1 failure of 19 licences: fewer than 20 updated, no halt yet.
    expect((await current()).rollout_paused_at).toBeNull();
    expect((await report(SITES[19]!, 'failure')).statusCode).toBe(200);
    // 2 of 20 (10 %): above the rate, but from fewer than 3 licences.
    expect((await current()).rollout_paused_at).toBeNull();
    expect((await report(SITES[26]!, 'failure')).statusCode).toBe(200);
    const paused = await current();
    expect(paused.rollout_paused_at).not.toBeNull();
    expect(paused.rollout_pause_reason).toBe('Paused automatically: 3 of 21 updated licences (14.3%) reported a failure, above the 2% threshold');
    // Paused: a site that had not updated is offered nothing new (only 1.8.0's predecessor is gone: nothing older).
    const offered = await updateCheck(t, { license_key: keys.get(SITES[25]!)!, site_url: SITES[25]! });
    expect(offered.statusCode).toBe(404);
    // More failures after the halt pause nothing twice.
    expect((await report(SITES[20]!, 'failure')).statusCode).toBe(200);
    const emails = await t.db.selectFrom('emails').select(['subject', 'kind', 'text']).where('kind', '=', 'rollout_paused').execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Rollout of Postcode Delivery Zones 1.8.0 paused');
    const activities = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'release_rollout_paused').execute();
    expect(activities).toHaveLength(1);
    const h = await health();
    expect(h).toMatchObject({ sites_updated: 22, failures: 4, failure_rate: 18.2 });
    expect(h.recent_failures.some((row) => row.fatal_errors[0]?.file.endsWith('boot.php'))).toBe(true);
    // Resume from the release page.
    const resumed = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${release.id}/rollout/resume`, headers: await t.adminHeaders() });
    expect(resumed.json<Release>().rollout_paused_at).toBeNull();
  });

  it('rate limits reports per address', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload: { rate_limit_per_minute: 2 } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await report(SITES[22]!, 'success', { version: '1.8.0' })).statusCode);
    expect(statuses).toContain(429);
  });
});
