// The licence operations other modules use (checkout issues and revokes licences; releases checks a
// licence before offering or serving an update). Import these names from this file only.
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/portable.js';
import type { DB } from '../../db/schema.js';
import { generateLicenceKey } from '../../../common/licence-key.js';
import { PLAN_DURATION_DAYS, type LicenceCode, type LicenceStatus, type Plan } from '../../../common/licences.js';
import { AppError } from '../../lib/errors.js';
import { addDays, nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/activities.repository.js';
import { enqueueEvent, licenceEventData, nudgeWebhookDeliveries } from '../outgoing-webhooks/events.js';
import {
  deleteActivationsOfLicence,
  findActivation,
  findLicenceByKey,
  insertLicence,
  lockLicenceById,
  updateLicence,
  type ActivationRow,
  type LicenceRow,
} from './licences.repository.js';
import { normaliseSiteUrl } from './site-url.js';

export { normaliseSiteUrl, isLocalSite } from './site-url.js';
export { recordSiteReport } from './site-report.js';
export type { LicenceRow } from './licences.repository.js';
export type { LicenceCode, Plan } from '../../../common/licences.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Revoked wins; a licence past its expiry reads as expired whatever its stored status. */
export function effectiveStatus(licence: { status: string; expires_at: string | null }, now: Date = new Date()): LicenceStatus {
  if (licence.status === 'revoked') return 'revoked';
  if (licence.status === 'expired') return 'expired';
  if (licence.expires_at && new Date(licence.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The expiry a plan gives a licence created at `createdAt`; null never expires. */
export function expiryForPlan(plan: Plan, createdAt: string): string | null {
  const days = PLAN_DURATION_DAYS[plan];
  return days === null ? null : addDays(createdAt, days);
}

/** Keys are stored and looked up in upper case, so a key typed in lower case still matches. */
export const canonicalKey = (key: string): string => key.trim().toUpperCase();

export interface CreateLicenceInput {
  pluginSlug: string;
  plan: Plan;
  maxActivations: number;
  status?: 'active' | 'expired' | 'revoked';
  key?: string;
  customerEmail?: string | null;
  orderId?: number | null;
}

/** Inserts a licence (generating a key when none is given) and records `license_created`. Duplicate key → CONFLICT. */
export async function createLicence(db: Db, input: CreateLicenceInput): Promise<LicenceRow> {
  const key = canonicalKey(input.key ?? generateLicenceKey());
  if (await findLicenceByKey(db, key)) throw new AppError('CONFLICT', `A license with the key ${key} already exists`);
  const createdAt = nowIso();
  let row: LicenceRow;
  try {
    row = await insertLicence(db, {
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
  await enqueueEvent(db, 'license.created', licenceEventData(row), createdAt);
  return row;
}

/** Status revoked, every site released, `license_revoked` recorded; the record is kept. Unknown id → NOT_FOUND. */
export async function revokeLicence(db: Db, id: number): Promise<void> {
  const run = async (trx: Transaction<DB>) => {
    const licence = await lockLicenceById(trx, id);
    if (!licence) throw new AppError('NOT_FOUND', `License ${id} was not found`);
    await deleteActivationsOfLicence(trx, id);
    if (licence.status === 'revoked') return;
    const at = nowIso();
    await updateLicence(trx, id, { status: 'revoked', updated_at: at });
    await recordActivity(trx, 'license_revoked', { license_key: licence.key, plugin_slug: licence.plugin_slug }, at);
    await enqueueEvent(trx, 'license.revoked', licenceEventData({ ...licence, status: 'revoked', updated_at: at }), at);
  };
  if (db.isTransaction) await run(db as Transaction<DB>); // the caller nudges after its commit
  else {
    await db.transaction().execute(run);
    nudgeWebhookDeliveries();
  }
}

/**
 * Whether `key` entitles `siteUrl` to `pluginSlug` now: the licence exists, is neither revoked nor expired,
 * is for that plugin, and is active on that (normalised) site.
 */
export async function checkLicenceForSite(
  db: Db,
  input: { key: string; siteUrl: string; pluginSlug: string },
): Promise<{ valid: boolean; code: LicenceCode; licence: LicenceRow | null; activation?: ActivationRow }> {
  const licence = (await findLicenceByKey(db, canonicalKey(input.key))) ?? null;
  if (!licence) return { valid: false, code: 'NOT_FOUND', licence };
  const status = effectiveStatus(licence);
  if (status === 'revoked') return { valid: false, code: 'REVOKED', licence };
  if (status === 'expired') return { valid: false, code: 'EXPIRED', licence };
  if (licence.plugin_slug !== input.pluginSlug) return { valid: false, code: 'PLUGIN_MISMATCH', licence };
  const site = normaliseSiteUrl(input.siteUrl);
  const activation = site ? await findActivation(db, licence.id, site) : undefined;
  if (!activation) return { valid: false, code: 'SITE_INACTIVE', licence };
  return { valid: true, code: 'VALID', licence, activation };
}
