// Licences for update-check and download tests (issue 39): made as the store makes them, then activated on a site
// as the WordPress client's first check would record it.
import type { TestApp } from './test-app.js';
import { createLicense, normalizeSiteUrl } from '../modules/licenses/index.js';

/** Records an activation of licence `licenseId` on `site` (normalized as the server does; not a local site). */
export async function activateOn(t: TestApp, licenseId: number, site: string): Promise<void> {
  const activation = { license_id: licenseId, site_url: normalizeSiteUrl(site) ?? '', is_local: 0, environment: null, last_checked_at: null };
  await t.db
    .insertInto('license_activations')
    .values({ ...activation, created_at: new Date().toISOString() })
    .execute();
}

/** A lifetime licence for `pluginSlug` (three sites at most), activated on `site`; answers the licence. */
export async function lifetimeLicenseOn(t: TestApp, pluginSlug: string, site: string) {
  const license = await createLicense(t.ctx, { pluginSlug, plan: 'lifetime', maxActivations: 3 });
  await activateOn(t, license.id, site);
  return license;
}
