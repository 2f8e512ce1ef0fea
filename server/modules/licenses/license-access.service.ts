// The licence operations other modules use (checkout issues and revokes licences; releases checks a
// licence before offering or serving an update). Import these names from this file only.
import { isUniqueViolation } from '../../db/portable.js';
import { generateLicenseKey } from '../../../common/license-key.js';
import { readStoreIdentity, STORE_IDENTITY_KEY } from '../../../common/store-identity.js';
import { readSetting } from '../settings/index.js';
import { PLAN_DURATION_DAYS, type LicenseCode, type LicenseStatus, type Plan } from '../../../common/licenses.js';
import { AppError } from '../../lib/errors.js';
import { addDays, nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { withinUnit, type UnitOrContext } from '../../kernel/events.js';
import { licenseEventData } from './event-data.js';
import {
  deleteActivationsOfLicense,
  findActivation,
  findLicenseByKey,
  insertLicense,
  lockLicenseById,
  updateLicense,
  type ActivationRow,
  type LicenseRow,
} from './licenses.repository.js';
import { normalizeSiteUrl } from './site-url.js';
import type { Db } from '../../db/database.js';

export { normalizeSiteUrl, isLocalSite } from './site-url.js';
export { recordSiteReport } from './site-report.js';
export type { LicenseRow } from './licenses.repository.js';
export type { LicenseCode, Plan } from '../../../common/licenses.js';

/** Revoked wins; a licence past its expiry reads as expired whatever its stored status. */
export function effectiveStatus(license: { status: string; expires_at: string | null }, now: Date = new Date()): LicenseStatus {
  if (license.status === 'revoked') return 'revoked';
  if (license.status === 'expired') return 'expired';
  if (license.expires_at && new Date(license.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The expiry a plan gives a licence created at `createdAt`; null never expires. */
export function expiryForPlan(plan: Plan, createdAt: string): string | null {
  const days = PLAN_DURATION_DAYS[plan];
  return days === null ? null : addDays(createdAt, days);
}

/** Keys are stored and looked up in upper case, so a key typed in lower case still matches. */
export const canonicalKey = (key: string): string => key.trim().toUpperCase();

export interface CreateLicenseInput {
  pluginSlug: string;
  plan: Plan;
  maxActivations: number;
  status?: 'active' | 'expired' | 'revoked';
  key?: string;
  customerEmail?: string | null;
  orderId?: number | null;
  /** The tier sold (orders/fulfilment.service.ts); null for licences made by hand. */
  priceId?: number | null;
  /** Set when the sale decides the expiry (paid + the tier's term); otherwise it follows the plan. */
  expiresAt?: string | null;
}

/** Inserts a licence (generating a key when none is given) and records `license_created`. Duplicate key → CONFLICT. */
export async function createLicense(target: UnitOrContext, input: CreateLicenseInput): Promise<LicenseRow> {
  return withinUnit(target, async ({ trx, emit }) => {
    // A generated key starts with the vendor's prefix as stored now (common/store-terms.ts), read in the change's transaction.
    const key = canonicalKey(input.key ?? generateLicenseKey(readStoreIdentity(await readSetting(trx, STORE_IDENTITY_KEY)).license_key_prefix));
    if (await findLicenseByKey(trx, key)) throw new AppError('CONFLICT', `A license with the key ${key} already exists`);
    const createdAt = nowIso();
    let row: LicenseRow;
    try {
      row = await insertLicense(trx, {
        key,
        plugin_slug: input.pluginSlug,
        plan: input.plan,
        status: input.status ?? 'active',
        max_activations: input.maxActivations,
        expires_at: input.expiresAt !== undefined ? input.expiresAt : expiryForPlan(input.plan, createdAt),
        customer_email: input.customerEmail ?? null,
        order_id: input.orderId ?? null,
        price_id: input.priceId ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A license with the key ${key} already exists`);
      throw error;
    }
    await recordActivity(trx, 'license_created', { license_key: row.key, plugin_slug: row.plugin_slug, plan: row.plan }, createdAt);
    await emit('license.created', licenseEventData(row), createdAt);
    return row;
  });
}

/** Status revoked, every site released, `license_revoked` recorded; the record is kept. Unknown id → NOT_FOUND. */
export async function revokeLicense(target: UnitOrContext, id: number): Promise<void> {
  await withinUnit(target, async ({ trx, emit }) => {
    const license = await lockLicenseById(trx, id);
    if (!license) throw new AppError('NOT_FOUND', `License ${id} was not found`);
    await deleteActivationsOfLicense(trx, id);
    if (license.status === 'revoked') return;
    const at = nowIso();
    await updateLicense(trx, id, { status: 'revoked', updated_at: at });
    await recordActivity(trx, 'license_revoked', { license_key: license.key, plugin_slug: license.plugin_slug }, at);
    await emit('license.revoked', licenseEventData({ ...license, status: 'revoked', updated_at: at }), at);
  });
}

/**
 * Whether `key` entitles `siteUrl` to `pluginSlug` now: the licence exists, is neither revoked nor expired,
 * is for that plugin, and is active on that (normalised) site.
 */
export async function checkLicenseForSite(
  db: Db,
  input: { key: string; siteUrl: string; pluginSlug: string },
): Promise<{ valid: boolean; code: LicenseCode; license: LicenseRow | null; activation?: ActivationRow }> {
  const license = (await findLicenseByKey(db, canonicalKey(input.key))) ?? null;
  if (!license) return { valid: false, code: 'NOT_FOUND', license };
  const status = effectiveStatus(license);
  if (status === 'revoked') return { valid: false, code: 'REVOKED', license };
  if (status === 'expired') return { valid: false, code: 'EXPIRED', license };
  if (license.plugin_slug !== input.pluginSlug) return { valid: false, code: 'PLUGIN_MISMATCH', license };
  const site = normalizeSiteUrl(input.siteUrl);
  const activation = site ? await findActivation(db, license.id, site) : undefined;
  if (!activation) return { valid: false, code: 'SITE_INACTIVE', license };
  return { valid: true, code: 'VALID', license, activation };
}
