// The machine API's rules: activate, deactivate and validate a licence on a WordPress site.
import type { Database, Db } from '../../db/database.js';
import type { ActivateResponse, DeactivateResponse, LicenseCode, ValidateResponse } from '../../../common/licenses.js';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { unitOfWork, type UnitOrContext } from '../../kernel/events.js';
import { activationEventData } from './event-data.js';
import { canonicalKey, effectiveStatus } from './license-access.service.js';
import {
  countCountedActivations,
  deleteActivation,
  findActivation,
  findLicenseForValidation,
  insertActivation,
  lockLicenseByKey,
  type LicenseRow,
  type ValidationLicense,
} from './licenses.repository.js';
import { toPublicLicense } from './license-view.js';
import { isLocalSite, normalizeSiteUrl, type LocalSiteRules } from './site-url.js';
import type { ValidationReader } from './validation-reader.js';
import { recordSiteReport } from './site-report.js';
import type { SiteReport } from '../../../common/site-report.js';

// Other ways in to the same rules (server/modules/edd-compat) open their own fast reader for validations.
export { openValidationReader, type ValidationReader } from './validation-reader.js';

export const CODE_DETAILS: Record<LicenseCode, string> = {
  VALID: 'The license is valid.',
  NOT_FOUND: 'No license exists with this key.',
  REVOKED: 'This license has been revoked.',
  EXPIRED: 'This license has expired.',
  PLUGIN_MISMATCH: 'This license is for a different plugin.',
  SITE_INACTIVE: 'The license is not activated on this site.',
  ACTIVATION_LIMIT_REACHED: 'The license has reached its maximum number of site activations. Deactivate another site first.',
  NOT_ACTIVE: 'The license was not active on this site.',
};

function requireSite(siteUrl: string): string {
  const site = normalizeSiteUrl(siteUrl);
  if (!site) throw new AppError('UNPROCESSABLE', 'site_url must be a site address such as https://example.com');
  return site;
}

/** The code a licence's own state gives before any site is considered, or null when it is usable. */
function stateCode(license: ValidationLicense | undefined, pluginSlug?: string): LicenseCode | null {
  if (!license) return 'NOT_FOUND';
  const status = effectiveStatus(license);
  if (status === 'revoked') return 'REVOKED';
  if (status === 'expired') return 'EXPIRED';
  if (pluginSlug !== undefined && license.plugin_slug !== pluginSlug) return 'PLUGIN_MISMATCH';
  return null;
}

async function publicView(db: Db, license: LicenseRow | undefined) {
  return license ? toPublicLicense(license, await countCountedActivations(db, license.id)) : null;
}

export interface ActivateInput {
  license_key: string;
  site_url: string;
  plugin_slug: string;
  environment?: string | undefined;
}

/** Settings that decide whether a new site uses a seat; `localSitesExempt` off makes every site count. */
export interface SeatRules extends LocalSiteRules {
  localSitesExempt: boolean;
}

/** The seat rules as Settings hold them now: read on every activation and import, so a change applies without a restart. */
export const seatRules = (ctx: Pick<AppContext, 'settings'>): SeatRules => ({
  localSitesExempt: ctx.settings.get('local_sites_exempt'),
  stagingPatterns: ctx.settings.get('staging_site_patterns'),
  trustEnvironmentClaim: ctx.settings.get('trust_environment_claim'),
});

/**
 * Whether a site is local is decided once, at its activation: changing the Settings later leaves
 * activated sites as they are (docs/license-api.md).
 * The licence row is locked for the whole check-then-insert (FOR UPDATE in PostgreSQL; SQLite runs one
 * transaction at a time), so concurrent activations can never exceed the maximum.
 */
export async function activateSite(ctx: Exclude<UnitOrContext, { trx: unknown }>, input: ActivateInput, rules: SeatRules): Promise<ActivateResponse> {
  const site = requireSite(input.site_url);
  return unitOfWork(ctx, async ({ trx, emit }): Promise<ActivateResponse> => {
    const license = await lockLicenseByKey(trx, canonicalKey(input.license_key));
    const refused = stateCode(license, input.plugin_slug);
    if (refused || !license) {
      return {
        activated: false,
        code: refused ?? 'NOT_FOUND',
        detail: CODE_DETAILS[refused ?? 'NOT_FOUND'],
        license: await publicView(trx, license),
        activation: null,
      };
    }
    const existing = await findActivation(trx, license.id, site);
    if (existing) {
      return {
        activated: true,
        code: 'VALID',
        detail: 'The license is already active on this site.',
        license: await publicView(trx, license),
        activation: { site_url: site, is_local: existing.is_local === 1 },
      };
    }
    const isLocal = rules.localSitesExempt && isLocalSite(site, input.environment, rules);
    if (!isLocal && (await countCountedActivations(trx, license.id)) >= license.max_activations) {
      return {
        activated: false,
        code: 'ACTIVATION_LIMIT_REACHED',
        detail: CODE_DETAILS.ACTIVATION_LIMIT_REACHED,
        license: await publicView(trx, license),
        activation: null,
      };
    }
    const at = nowIso();
    // The environment claim is recorded whether or not it freed a seat, so the vendor can see it.
    const environment = input.environment || null;
    await insertActivation(trx, { license_id: license.id, site_url: site, is_local: isLocal ? 1 : 0, environment, created_at: at, last_checked_at: null });
    await recordActivity(trx, 'license_activated', { license_key: license.key, site_url: site, is_local: isLocal, environment }, at);
    await emit('license.activated', activationEventData(license, { site_url: site, is_local: isLocal ? 1 : 0, environment, created_at: at }, 'site'), at);
    return {
      activated: true,
      code: 'VALID',
      detail: isLocal
        ? 'The license is now active on this site (a local or staging site, not counted toward the limit).'
        : 'The license is now active on this site.',
      license: await publicView(trx, license),
      activation: { site_url: site, is_local: isLocal },
    };
  });
}

export async function deactivateSite(
  ctx: Exclude<UnitOrContext, { trx: unknown }>,
  input: { license_key: string; site_url: string },
): Promise<DeactivateResponse> {
  const site = requireSite(input.site_url);
  return unitOfWork(ctx, async ({ trx, emit }): Promise<DeactivateResponse> => {
    const license = await lockLicenseByKey(trx, canonicalKey(input.license_key));
    if (!license) return { deactivated: false, code: 'NOT_FOUND', detail: CODE_DETAILS.NOT_FOUND, license: null };
    if (license.status === 'revoked') return { deactivated: false, code: 'REVOKED', detail: CODE_DETAILS.REVOKED, license: await publicView(trx, license) };
    const existing = await findActivation(trx, license.id, site);
    if (!existing) return { deactivated: false, code: 'NOT_ACTIVE', detail: CODE_DETAILS.NOT_ACTIVE, license: await publicView(trx, license) };
    await deleteActivation(trx, existing.id);
    await recordActivity(trx, 'license_deactivated', { license_key: license.key, site_url: site });
    await emit('license.deactivated', activationEventData(license, existing, 'site'));
    return { deactivated: true, code: 'VALID', detail: 'The license is no longer active on this site.', license: await publicView(trx, license) };
  });
}

const startOfUtcDay = (iso: string): string => `${iso.slice(0, 10)}T00:00:00.000Z`;

/**
 * `expiredKeepsValidating` is the Setting `expired_license_policy` (read from the settings cache by the route: no
 * query): an expired licence then still validates on a site it is activated on (its view says `expired`, and the
 * update check withholds the package), but not without a site or on another one.
 */
export async function validateLicense(
  db: Database,
  input: { license_key: string; site_url?: string | undefined; plugin_slug?: string | undefined } & SiteReport,
  reader?: ValidationReader,
  expiredKeepsValidating = false,
): Promise<ValidateResponse> {
  const site = input.site_url === undefined ? undefined : requireSite(input.site_url);
  const key = canonicalKey(input.license_key);
  const found = reader ? await reader(key, site) : await findLicenseForValidation(db, key, site);
  const license = found?.license;
  const view = found ? toPublicLicense(found.license, found.used) : null;
  let refused = stateCode(license, input.plugin_slug);
  const expiredButKept = refused === 'EXPIRED' && expiredKeepsValidating && site !== undefined && Boolean(found?.activation);
  if (expiredButKept) refused = license && input.plugin_slug !== undefined && license.plugin_slug !== input.plugin_slug ? 'PLUGIN_MISMATCH' : null;
  if (refused || !found) return { valid: false, code: refused ?? 'NOT_FOUND', detail: CODE_DETAILS[refused ?? 'NOT_FOUND'], license: view };
  if (site !== undefined) {
    if (!found.activation) return { valid: false, code: 'SITE_INACTIVE', detail: CODE_DETAILS.SITE_INACTIVE, license: view };
    // Skip the write when this site was already checked today: validation is the hot path.
    const at = nowIso();
    const checked = found.activation.last_checked_at;
    if (!checked || checked < startOfUtcDay(at)) await markVerified(db, found.license, found.activation.id, site, at);
    await recordSiteReport(db, found.activation, input, at); // writes only when a reported version changed
  }
  return { valid: true, code: 'VALID', detail: expiredButKept ? EXPIRED_KEPT_DETAIL : CODE_DETAILS.VALID, license: view };
}

const EXPIRED_KEPT_DETAIL = 'The license has expired: it keeps working on this site, without updates. Renew it to receive updates.';

/** Records `license_verified` at most once per site per UTC day: only the request whose update moves last_checked_at into today does. */
async function markVerified(db: Database, license: ValidationLicense, activationId: number, site: string, at: string): Promise<void> {
  const dayStart = startOfUtcDay(at);
  const result = await db
    .updateTable('license_activations')
    .set({ last_checked_at: at })
    .where('id', '=', activationId)
    .where((eb) => eb.or([eb('last_checked_at', 'is', null), eb('last_checked_at', '<', dayStart)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await recordActivity(db, 'license_verified', { license_key: license.key, site_url: site }, at);
}
