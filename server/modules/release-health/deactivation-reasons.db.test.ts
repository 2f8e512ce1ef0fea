import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { licenseOnSites, ROLLOUT_SLUG, updateCheck, uploadTestRelease } from '../../test/rollout-test-helpers.js';
import type { Release, UpdateCheckResponse } from '../../../common/releases.js';
import type { ReleaseHealth } from '../../../common/release-health.js';
import type { Analytics } from '../../../common/dashboard.js';

// Deactivation reasons (issue 29, docs/releases.md "Deactivation reasons"): opt-in by the vendor, only from
// activated sites, once per release and site; shown with the release's health and in the dashboard's analytics.
describe(`deactivation reasons (${testDialect()})`, () => {
  let t: TestApp;
  let release: Release;
  let key = '';
  const SITES = ['https://leaving-1.example.com', 'https://leaving-2.example.com', 'https://leaving-3.example.com'];

  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'http://licensing.test' } });
    release = await uploadTestRelease(t, '1.8.0');
    key = (await licenseOnSites(t, SITES)).key;
  });
  afterAll(async () => t.close());

  const settings = async (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload });
  const send = (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/plugins/${ROLLOUT_SLUG}/deactivation`,
      payload: { license_key: key, site_url: SITES[0], version: '1.8.0', reason: 'I no longer need it', ...fields },
    });
  const stored = async () => t.db.selectFrom('release_deactivation_reasons').selectAll().execute();

  it('is off until the vendor turns it on: no survey in the update answer, reasons refused', async () => {
    const answer = (await updateCheck(t, { license_key: key, site_url: SITES[0]! })).json<UpdateCheckResponse>();
    expect(answer.download_url).toBeTruthy();
    expect(answer.deactivation_survey).toBeUndefined();
    const refused = await send({});
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/does not collect deactivation reasons/);
    expect(await stored()).toHaveLength(0);
  });

  it('offers the vendor’s answers to licensed sites once on', async () => {
    const saved = await settings({ deactivation_survey_enabled: true, deactivation_reasons: ['Too expensive', 'I no longer need it', 'It broke my site'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = (await updateCheck(t, { license_key: key, site_url: SITES[0]! })).json<UpdateCheckResponse>();
    expect(answer.deactivation_survey).toEqual({ reasons: ['Too expensive', 'I no longer need it', 'It broke my site'] });
    // A site without a licence gets no survey (it could not send an answer).
    const stranger = (await updateCheck(t, { site_url: 'https://stranger.example.com' })).json<UpdateCheckResponse>();
    expect(stranger.deactivation_survey).toBeUndefined();
    expect((await settings({ deactivation_reasons: [] })).statusCode).toBe(400);
    expect((await settings({ deactivation_reasons: ['x'.repeat(101)] })).statusCode).toBe(400);
    expect((await settings({ deactivation_reasons: Array.from({ length: 13 }, (_, i) => `Reason ${i}`) })).statusCode).toBe(400);
  });

  it('refuses sites without an activation, unknown versions, other answers and malformed fields, storing nothing', async () => {
    const stranger = await send({ site_url: 'https://stranger.example.com' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json<{ message: string }>().message).toMatch(/only activated sites/);
    const unknown = await send({ version: '9.9.9' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json<{ message: string }>().message).toMatch(/not a release/);
    const other = await send({ reason: 'Because' });
    expect(other.statusCode).toBe(400);
    expect(other.json<{ message: string }>().message).toMatch(/one of the answers this shop offers: "Too expensive"/);
    for (const fields of [{ reason: '' }, { version: 'latest' }, { details: 'x'.repeat(1001) }, { extra: 1 }, { reason: 5 }]) {
      expect((await send(fields)).statusCode, JSON.stringify(fields)).toBe(400);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('stores one reason per site and release, and shows them with the release health and in the analytics', async () => {
    expect((await send({ details: '  The client switched shops  ' })).json()).toEqual({ recorded: true, detail: 'Reason recorded' });
    const again = await send({ reason: 'Too expensive' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ recorded: boolean }>().recorded).toBe(false);
    expect((await send({ site_url: SITES[1], reason: 'Too expensive' })).statusCode).toBe(200);
    expect((await send({ site_url: SITES[2], reason: 'Too expensive' })).statusCode).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.site_url === 'leaving-1.example.com')).toMatchObject({ release_id: release.id, details: 'The client switched shops' });

    const health = (
      await t.app.inject({ method: 'GET', url: `/api/admin/releases/${release.id}/health`, headers: await t.adminHeaders() })
    ).json<ReleaseHealth>();
    expect(health.deactivations).toEqual({
      deactivations: 3,
      reasons: [
        { reason: 'Too expensive', sites: 2 },
        { reason: 'I no longer need it', sites: 1 },
      ],
      recent_details: [expect.objectContaining({ reason: 'I no longer need it', details: 'The client switched shops' })],
    });

    // A failed update report, so release health has a row in the charts.
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/v1/plugins/${ROLLOUT_SLUG}/health`,
      payload: { license_key: key, site_url: SITES[1], version: '1.8.0', outcome: 'failure' },
    });
    expect(report.statusCode, report.body).toBe(200);
    const analytics = (await t.app.inject({ method: 'GET', url: '/api/admin/dashboard/analytics?days=30', headers: await t.adminHeaders() })).json<Analytics>();
    expect(analytics.release_health).toEqual([{ plugin_slug: ROLLOUT_SLUG, version: '1.8.0', sites_updated: 1, failures: 1 }]);
    expect(analytics.deactivation_reasons).toEqual([
      { reason: 'Too expensive', sites: 2 },
      { reason: 'I no longer need it', sites: 1 },
    ]);
  });

  it('rate limits reasons per address', async () => {
    await settings({ rate_limit_per_minute: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send({})).statusCode);
    expect(statuses.slice(-1)).toEqual([429]);
  });
});
