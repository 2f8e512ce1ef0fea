import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { licenseOnSites, ROLLOUT_SLUG, updateCheck, uploadTestRelease } from '../../test/rollout-test-helpers.js';
import { normalizeSiteUrl } from '../licenses/index.js';
import type { Release } from '../../../common/releases.js';
import { chooseRelease } from './release-choice.js';
import { listReleases } from './releases.repository.js';
import { applyRolloutStep, listDueRolloutSteps } from './rollout.repository.js';
import { applyDueRolloutSteps } from './release-rollout.js';

// Staged rollouts (issue 29): a stable release reaches a share of sites chosen by a stable hash of site and
// release; the others are offered the release before it.
describe(`staged rollouts (${testDialect()})`, () => {
  let t: TestApp;
  let release: Release;
  const SITES = Array.from({ length: 300 }, (_, i) => `https://site-${i}.example.com`);
  let key = '';

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'http://licensing.test' } });
    await uploadTestRelease(t, '1.8.0');
    release = await uploadTestRelease(t, '1.9.0', { rollout_percent: '30' });
    expect(release.rollout_percent).toBe(30);
    key = (await licenseOnSites(t, SITES)).key;
    // Hundreds of checks from one address: lift the per-IP limit of the machine API for this file.
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: await t.adminHeaders(),
      payload: { rate_limit_per_minute: 100_000 },
    });
    expect(settings.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const admin = async (method: 'PATCH' | 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.adminHeaders(), ...(payload ? { payload } : {}) });
  const versionFor = async (site: string) => {
    const response = await updateCheck(t, { license_key: key, site_url: site });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ version: string }>().version;
  };
  const share = async (sites: string[]) => {
    const versions = await Promise.all(sites.map(versionFor));
    return versions;
  };

  it.each([30, 5, 50, 95])('reaches %i percent of 10,000 simulated sites, within 2 points', async (percent) => {
    await t.db.updateTable('releases').set({ rollout_percent: percent }).where('id', '=', release.id).execute();
    const rows = await listReleases(t.db, ROLLOUT_SLUG);
    let reached = 0;
    for (let i = 0; i < 10_000; i++) {
      const site = normalizeSiteUrl(`https://customer-${i}.example.org/shop`);
      if (chooseRelease(rows, 'stable', site)?.version === '1.9.0') reached++;
    }
    expect(Math.abs(reached / 100 - percent)).toBeLessThanOrEqual(2);
  });

  it('answers each site the same on every check; the others get the release before', async () => {
    await admin('PATCH', `/api/admin/releases/${release.id}`, { rollout_percent: 30 });
    const first = await share(SITES);
    const again = await share(SITES);
    expect(again).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['1.8.0', '1.9.0']));
    const reached = first.filter((version) => version === '1.9.0').length;
    expect(reached / SITES.length).toBeGreaterThan(0.2);
    expect(reached / SITES.length).toBeLessThan(0.4);
    // Raising keeps every site already reached.
    await admin('PATCH', `/api/admin/releases/${release.id}`, { rollout_percent: 60 });
    const raised = await share(SITES);
    first.forEach((version, i) => version === '1.9.0' && expect(raised[i]).toBe('1.9.0'));
    expect(raised.filter((version) => version === '1.9.0').length).toBeGreaterThan(reached);
  });

  it('offers nothing new at 0 % or while paused, and everything at 100 %', async () => {
    await admin('PATCH', `/api/admin/releases/${release.id}`, { rollout_percent: 0 });
    expect(new Set(await share(SITES.slice(0, 50)))).toEqual(new Set(['1.8.0']));
    await admin('PATCH', `/api/admin/releases/${release.id}`, { rollout_percent: 100 });
    expect(new Set(await share(SITES.slice(0, 50)))).toEqual(new Set(['1.9.0']));
    const paused = await admin('POST', `/api/admin/releases/${release.id}/rollout/pause`);
    expect(paused.json<Release>()).toMatchObject({ rollout_pause_reason: 'Paused by hand', rollout_paused_at: expect.any(String) });
    expect(new Set(await share(SITES.slice(0, 50)))).toEqual(new Set(['1.8.0']));
    const resumed = await admin('POST', `/api/admin/releases/${release.id}/rollout/resume`);
    expect(resumed.json<Release>()).toMatchObject({ rollout_paused_at: null, rollout_pause_reason: null });
    expect(new Set(await share(SITES.slice(0, 50)))).toEqual(new Set(['1.9.0']));
  });

  it.each([[-1], [101], [12.5], ['50']])('refuses the percentage %j with a 400 and changes nothing', async (value) => {
    const before = await t.db.selectFrom('releases').select('rollout_percent').where('id', '=', release.id).executeTakeFirstOrThrow();
    const response = await admin('PATCH', `/api/admin/releases/${release.id}`, { rollout_percent: value });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/rollout_percent must be a whole number from 0 to 100/);
    const schedule = await admin('PUT', `/api/admin/releases/${release.id}/rollout/schedule`, { steps: [{ percent: value, at: '2030-01-01T00:00:00Z' }] });
    expect(schedule.statusCode).toBe(400);
    const after = await t.db.selectFrom('releases').select('rollout_percent').where('id', '=', release.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses an upload with a percentage outside 0-100', async () => {
    const { makePluginZip } = await import('../../test/release-test-helpers.js');
    const { uploadRelease } = await import('../../test/admin-app.js');
    const response = await uploadRelease(
      t,
      { plugin_slug: ROLLOUT_SLUG, version: '3.0.0', rollout_percent: '150' },
      await makePluginZip(ROLLOUT_SLUG, '3.0.0'),
    );
    expect(response.statusCode).toBe(400);
    expect(await t.db.selectFrom('releases').select('id').where('version', '=', '3.0.0').executeTakeFirst()).toBeUndefined();
  });

  it('raises the share on schedule, each step applied once however many instances run it', async () => {
    await admin('PATCH', `/api/admin/releases/${release.id}`, { rollout_percent: 10 });
    const put = await admin('PUT', `/api/admin/releases/${release.id}/rollout/schedule`, {
      steps: [
        { percent: 50, at: '2030-01-02T00:00:00Z' },
        { percent: 100, at: '2030-01-03T00:00:00Z' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const percent = async () =>
      (await t.db.selectFrom('releases').select('rollout_percent').where('id', '=', release.id).executeTakeFirstOrThrow()).rollout_percent;
    const other = await createTestApp({ testDb: t.testDb, seed: false, ownsDb: false });
    try {
      expect(await applyDueRolloutSteps(t.db, new Date('2030-01-01T12:00:00Z'))).toBe(0);
      expect(await percent()).toBe(10);
      // Both instances list the due step; whichever claims it first applies it, the other's claim changes nothing.
      const day2 = new Date('2030-01-02T00:00:01Z');
      const [step] = await listDueRolloutSteps(t.db, day2.toISOString());
      const [sameStep] = await listDueRolloutSteps(other.db, day2.toISOString());
      expect(sameStep).toEqual(step);
      expect(await applyRolloutStep(other.db, sameStep!, day2.toISOString())).toMatchObject({ rollout_percent: 50 });
      expect(await applyRolloutStep(t.db, step!, day2.toISOString())).toBeUndefined();
      expect(await applyDueRolloutSteps(t.db, day2)).toBe(0);
      expect(await percent()).toBe(50);
      const day3 = new Date('2030-01-03T00:00:01Z');
      // On PostgreSQL the two passes also run at the same moment (one SQLite file in one process cannot:
      // better-sqlite3 waits for the lock synchronously, so the holder could never finish).
      const passes =
        testDialect() === 'postgres'
          ? await Promise.all([applyDueRolloutSteps(other.db, day3), applyDueRolloutSteps(t.db, day3), applyDueRolloutSteps(other.db, day3)])
          : [await applyDueRolloutSteps(other.db, day3), await applyDueRolloutSteps(t.db, day3)];
      expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await percent()).toBe(100);
      const activities = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'release_rollout_changed').execute();
      expect(activities.filter((row) => row.details.includes('"by":"schedule"'))).toHaveLength(2);
      const steps = await admin('GET', `/api/admin/releases/${release.id}/rollout/schedule`);
      expect(steps.json<{ steps: Array<{ applied_at: string | null }> }>().steps.every((step) => step.applied_at !== null)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses a schedule that lowers the share', async () => {
    const response = await admin('PUT', `/api/admin/releases/${release.id}/rollout/schedule`, {
      steps: [
        { percent: 60, at: '2031-01-02T00:00:00Z' },
        { percent: 40, at: '2031-01-03T00:00:00Z' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/raise the percentage/);
  });
});
