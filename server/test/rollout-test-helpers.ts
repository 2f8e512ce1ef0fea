// Helpers for the channel, rollout and release-health tests: uploads through the admin API and licences
// activated on sites, straight into the database (as the other release tests do).
import { expect } from 'vitest';
import { createLicense, normalizeSiteUrl } from '../modules/licenses/index.js';
import { makePluginZip, multipartBody } from './release-test-helpers.js';
import type { TestApp } from './test-app.js';
import type { Release } from '../../common/releases.js';

export const ROLLOUT_SLUG = 'postcode-delivery-zones';

export async function uploadTestRelease(t: TestApp, version: string, fields: Record<string, string> = {}): Promise<Release> {
  const body = multipartBody(
    { plugin_slug: ROLLOUT_SLUG, version, notes: `Notes of ${version}`, ...fields },
    { content: await makePluginZip(ROLLOUT_SLUG, version) },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/releases',
    payload: body.payload,
    headers: { ...(await t.adminHeaders()), ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Release>();
}

/** A lifetime licence of the test plugin, active on each of `sites`. */
export async function licenseOnSites(t: TestApp, sites: string[]): Promise<{ id: number; key: string }> {
  const license = await createLicense(t.ctx, { pluginSlug: ROLLOUT_SLUG, plan: 'lifetime', maxActivations: Math.max(3, sites.length) });
  const at = new Date().toISOString();
  for (let i = 0; i < sites.length; i += 500) {
    const values = sites.slice(i, i + 500).map((site) => ({
      license_id: license.id,
      site_url: normalizeSiteUrl(site) ?? '',
      is_local: 0,
      environment: null,
      created_at: at,
      last_checked_at: null,
    }));
    await t.db.insertInto('license_activations').values(values).execute();
  }
  return { id: license.id, key: license.key };
}

export async function updateCheck(t: TestApp, fields: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `/api/v1/plugins/${ROLLOUT_SLUG}/update`, payload: { installed_version: '1.0.0', ...fields } });
}
