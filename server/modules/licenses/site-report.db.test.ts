// Site reports (installed_version, wp_version, php_version) on validate and update checks: recorded on the
// site's activation, written only when a value changed, junk ignored without an error; deactivations kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startUnthrottledApp } from '../../test/admin-app.js';
import { seedDemoRelease } from '../releases/index.js';
import { createLicense } from './license-access.service.js';
import { siteReportChanges } from './site-report.js';

const PLUGIN = 'postcode-delivery-zones';
const SITE = 'https://shop.example.com';
const OLD = '2000-01-01T00:00:00.000Z';
let t: TestApp;
let key = '';

beforeAll(async () => {
  t = await startUnthrottledApp();
  await seedDemoRelease(t.ctx);
  key = (await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 3 })).key;
  const activated = await t.app.inject({
    method: 'POST',
    url: '/api/v1/licenses/activate',
    payload: { license_key: key, site_url: SITE, plugin_slug: PLUGIN },
  });
  expect(activated.json<{ activated: boolean }>().activated).toBe(true);
});
afterAll(async () => t.close());

const stored = () =>
  t.db
    .selectFrom('license_activations')
    .select(['installed_version', 'wp_version', 'php_version', 'reported_at'])
    .where('site_url', '=', 'shop.example.com')
    .executeTakeFirstOrThrow();
/** Marks the row so a later write (any write of the report) shows as a changed reported_at. */
const markOld = () => t.db.updateTable('license_activations').set({ reported_at: OLD }).where('site_url', '=', 'shop.example.com').execute();

const validate = (fields: Record<string, unknown>, form = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/licenses/validate',
    ...(form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields as Record<string, string>).toString() }
      : { payload: fields }),
  });

describe(`site reports (${testDialect()})`, () => {
  it('starts unknown, then records what validate sends (form fields, as the WordPress client posts them)', async () => {
    expect(await stored()).toEqual({ installed_version: null, wp_version: null, php_version: null, reported_at: null });
    const response = await validate(
      { license_key: key, site_url: SITE, plugin_slug: PLUGIN, installed_version: '1.7.51', wp_version: '6.5.2', php_version: '8.2.12' },
      true,
    );
    expect(response.json<{ valid: boolean }>().valid).toBe(true);
    const row = await stored();
    expect(row).toMatchObject({ installed_version: '1.7.51', wp_version: '6.5.2', php_version: '8.2.12' });
    expect(Date.now() - Date.parse(row.reported_at ?? '')).toBeLessThan(60_000);
  });

  it('writes nothing when the same versions come again, and only the changed one otherwise', async () => {
    await markOld();
    await validate({ license_key: key, site_url: SITE, installed_version: '1.7.51', wp_version: '6.5.2', php_version: '8.2.12' });
    await validate({ license_key: key, site_url: SITE }); // nothing reported: nothing forgotten either
    expect(await stored()).toEqual({ installed_version: '1.7.51', wp_version: '6.5.2', php_version: '8.2.12', reported_at: OLD });
    await validate({ license_key: key, site_url: SITE, php_version: '8.3.0' });
    const row = await stored();
    expect(row).toMatchObject({ installed_version: '1.7.51', wp_version: '6.5.2', php_version: '8.3.0' });
    expect(row.reported_at).not.toBe(OLD);
  });

  it('ignores malformed versions without an error (informational only)', async () => {
    await markOld();
    const junk: Array<Record<string, unknown>> = [
      { wp_version: '<script>alert(1)</script>', php_version: 'x'.repeat(5000), installed_version: 'latest' },
      { wp_version: { major: 6 }, php_version: ['8.2'], installed_version: true },
      { wp_version: '', php_version: '   ', installed_version: '1.2.3.4.5' },
    ];
    for (const fields of junk) {
      const response = await validate({ license_key: key, site_url: SITE, plugin_slug: PLUGIN, ...fields });
      expect(response.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(200);
      expect(response.json<{ valid: boolean }>().valid).toBe(true);
    }
    // Over 50 characters was a 400 on the update check before; now it is dropped like any junk.
    const update = await t.app.inject({
      method: 'POST',
      url: `/api/v1/plugins/${PLUGIN}/update`,
      payload: { installed_version: '9'.repeat(80), license_key: key, site_url: SITE },
    });
    expect(update.statusCode).toBe(200);
    expect(await stored()).toEqual({ installed_version: '1.7.51', wp_version: '6.5.2', php_version: '8.3.0', reported_at: OLD });
  });

  it('records what update checks send, by POST and by GET, for an activated site with a valid licence only', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/v1/plugins/${PLUGIN}/update`,
      payload: { installed_version: '1.7.52', wp_version: '6.6-RC1', php_version: '8.3.1', license_key: key, site_url: SITE },
    });
    expect(post.statusCode).toBe(200);
    expect(await stored()).toMatchObject({ installed_version: '1.7.52', wp_version: '6.6-RC1', php_version: '8.3.1' });
    const query = new URLSearchParams({ installed_version: '1.7.53', license_key: key, site_url: SITE }).toString();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/plugins/${PLUGIN}/update?${query}` })).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ installed_version: '1.7.53', wp_version: '6.6-RC1', php_version: '8.3.1' });
    // Another site, not activated: nothing recorded anywhere, and no error.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/plugins/${PLUGIN}/update`,
      payload: { installed_version: '0.0.1', license_key: key, site_url: 'https://other.example.com' },
    });
    await validate({ license_key: key, site_url: 'https://other.example.com', installed_version: '0.0.1' });
    expect((await stored()).installed_version).toBe('1.7.53');
  });

  it('compares without a query: only sent, changed values are written', () => {
    const row = { id: 1, installed_version: '1.0.0', wp_version: null, php_version: '8.2.1' };
    expect(siteReportChanges(row, {})).toBeNull();
    expect(siteReportChanges(row, { installed_version: '1.0.0', php_version: '8.2.1' })).toBeNull();
    expect(siteReportChanges(row, { installed_version: '1.0.0', wp_version: '6.5' })).toEqual({ wp_version: '6.5' });
  });

  it('keeps a deactivated site in ended_activations, with when it started and ended', async () => {
    const activation = await t.db
      .selectFrom('license_activations')
      .select(['created_at', 'license_id'])
      .where('site_url', '=', 'shop.example.com')
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/licenses/deactivate', payload: { license_key: key, site_url: SITE } });
    expect(response.json<{ deactivated: boolean }>().deactivated).toBe(true);
    const ended = await t.db.selectFrom('ended_activations').selectAll().execute();
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ license_id: activation.license_id, site_url: 'shop.example.com', is_local: 0, activated_at: activation.created_at });
    expect(Date.now() - Date.parse(ended[0]?.deactivated_at ?? '')).toBeLessThan(60_000);
    // Revoking a licence releases its sites: each is kept too.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: key, site_url: 'https://a.example.com', plugin_slug: PLUGIN },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: key, site_url: 'https://b.example.com', plugin_slug: PLUGIN },
    });
    const license = await t.db.selectFrom('licenses').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/licenses/${license.id}`, headers: await t.adminHeaders() })).statusCode).toBeLessThan(300);
    const sites = (await t.db.selectFrom('ended_activations').select('site_url').orderBy('site_url').execute()).map((row) => row.site_url);
    expect(sites).toEqual(['a.example.com', 'b.example.com', 'shop.example.com']);
    expect(await t.db.selectFrom('license_activations').select('id').execute()).toEqual([]);
  });
});
