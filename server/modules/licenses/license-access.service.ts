// The licence operations other modules use (checkout issues and revokes licences; releases checks a
// licence before offering or serving an update). Import these names from this file only.
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/portable.js';
import type { DB } from '../../db/schema.js';
import { generateLicenseKey } from '../../../common/license-key.js';
import { PLAN_DURATION_DAYS, type LicenseCode, type LicenseStatus, type Plan } from '../../../common/licenses.js';
import { AppError } from '../../lib/errors.js';
import { addDays, nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/activities.service.js';
import { enqueueEvent, licenseEventData, nudgeWebhookDeliveries } from '../outgoing-webhooks/events.service.js';
import { refreshCustomerSummaries } from '../customers/customer-summary.service.js';
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

export { normalizeSiteUrl, isLocalSite } from './site-url.js';
export { recordSiteReport } from './site-report.js';
export type { LicenseRow } from './licenses.repository.js';
export type { LicenseCode, Plan } from '../../../common/licenses.js';

type Db = Kysely<DB> | Transaction<DB>;

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
}

/** Inserts a licence (generating a key when none is given) and records `license_created`. Duplicate key → CONFLICT. */
export async function createLicense(db: Db, input: CreateLicenseInput): Promise<LicenseRow> {
  const key = canonicalKey(input.key ?? generateLicenseKey());
  if (await findLicenseByKey(db, key)) throw new AppError('CONFLICT', `A license with the key ${key} already exists`);
  const createdAt = nowIso();
  let row: LicenseRow;
  try {
    row = await insertLicense(db, {
      key,
      plugin_slug: input.pluginSlug,
      plan: input.plan,
      status: input.status ?? 'active',
      max_activations: input.maxActivations,
      expires_at: expiryForPlan(input.plan, createdAt),
      customer_email: input.customerEmail ?? null,
      order_id: input.orderId ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `A license with the key ${key} already exists`);
    throw error;
  }
  await recordActivity(db, 'license_created', { license_key: row.key, plugin_slug: row.plugin_slug, plan: row.plan }, createdAt);
  await enqueueEvent(db, 'license.created', licenseEventData(row), createdAt);
  await refreshCustomerSummaries(db, [row.customer_email], createdAt);
  return row;
}

/** Status revoked, every site released, `license_revoked` recorded; the record is kept. Unknown id → NOT_FOUND. */
export async function revokeLicense(db: Db, id: number): Promise<void> {
  const run = async (trx: Transaction<DB>) => {
    const license = await lockLicenseById(trx, id);
    if (!license) throw new AppError('NOT_FOUND', `License ${id} was not found`);
    await deleteActivationsOfLicense(trx, id);
    if (license.status === 'revoked') return;
    const at = nowIso();
    await updateLicense(trx, id, { status: 'revoked', updated_at: at });
    await recordActivity(trx, 'license_revoked', { license_key: license.key, plugin_slug: license.plugin_slug }, at);
    await enqueueEvent(trx, 'license.revoked', licenseEventData({ ...license, status: 'revoked', updated_at: at }), at);
  };
  if (db.isTransaction)
    await run(db as Transaction<DB>); // the caller nudges after its commit
  else {
    await db.transaction().execute(run);
    nudgeWebhookDeliveries();
  }
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
