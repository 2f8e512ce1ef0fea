// activate_license, deactivate_license and check_license as EDD Software Licensing answers them, decided by
// the licences module's own rules: activateSite, deactivateSite and validateLicense (seat rules, local sites,
// locking, activity entries, webhooks and site reports are theirs). This file only maps names and codes; the
// fields EDD adds (checksum, payment_id, customer_name, price_id) come from edd-answer-fields.ts.
import type { EventBus } from '../../kernel/events.js';
import type { Database } from '../../db/database.js';
import type { EddActivateAnswer, EddCheckAnswer, EddCheckStatus, EddDeactivateAnswer, EddLicenseFields, EddRequest } from '../../../common/edd-compat.js';
import { isUnlimitedActivations, type LicenseCode, type PublicLicense } from '../../../common/licenses.js';
import { canonicalKey, normalizeSiteUrl } from '../licenses/index.js';
import { findLicenseByKey } from '../licenses/index.js';
import { activateSite, deactivateSite, validateLicense, type SeatRules, type ValidationReader } from '../licenses/index.js';
import { cleanReportedVersion, type SiteReport } from '../../../common/site-report.js';
import type { EddItemReader } from '../plugins/index.js';
import { activateChecksum, checkChecksum, deactivateChecksum, purchaseFields, requestItemId, toPurchaseFields } from './edd-answer-fields.js';
import { lookUpItem, type ItemLookup } from './edd-items.js';

/** What the site reports about itself, under EDD's names (`version` is the plugin's). */
export const siteReport = (request: EddRequest): SiteReport => ({
  installed_version: cleanReportedVersion(request.version),
  wp_version: cleanReportedVersion(request.wp_version),
  php_version: cleanReportedVersion(request.php_version),
});

/** EDD's date format, `Y-m-d H:i:s`, in UTC. */
export const eddDate = (iso: string): string => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

/** The licence's limit and counts as EDD answers them: an unlimited licence has the limit 0 and `unlimited` left. */
export function eddLicenseFields(view: PublicLicense): EddLicenseFields {
  const unlimited = isUnlimitedActivations(view.max_activations);
  return {
    expires: view.expires_at ? eddDate(view.expires_at) : 'lifetime',
    license_limit: unlimited ? 0 : view.max_activations,
    site_count: view.activations_used,
    activations_left: unlimited ? 'unlimited' : view.activations_left,
  };
}

/**
 * The slug the licence must be for: the item the request named; an item it named that no plugin carries gives
 * a slug no licence has (so the licence rules answer PLUGIN_MISMATCH); no item at all checks no plugin.
 */
function requiredSlug(item: ItemLookup): string | undefined {
  if (item.by === 'none') return undefined;
  return item.plugin?.slug ?? '\u0001no-such-item';
}

const mismatchError = (item: ItemLookup) => (item.by === 'id' ? 'invalid_item_id' : 'item_name_mismatch');

/** The site: `url`, else the one WordPress names in its User-Agent (`WordPress/6.5; https://example.com`), as EDD does. */
export function siteOf(request: EddRequest, userAgent: string | undefined): string | undefined {
  const given = request.url?.trim() || userAgent?.split(';')[1]?.trim();
  return given ? (normalizeSiteUrl(given) ?? undefined) : undefined;
}

/** `item_id` as the request sent it, the item's name (as read, else the item's), and the request's checksum. */
const itemAnswer = (request: EddRequest, item: ItemLookup, checksum: string) => ({ item_id: requestItemId(request), item_name: item.itemName, checksum });

const ACTIVATE_ERRORS: Partial<Record<LicenseCode, EddActivateAnswer['error']>> = {
  NOT_FOUND: 'missing',
  REVOKED: 'disabled',
  EXPIRED: 'expired',
  ACTIVATION_LIMIT_REACHED: 'no_activations_left',
};

/** What a change needs: the database and the event bus (server/kernel/events.ts). */
type Changes = { db: Database; events: EventBus };

export async function eddActivate(ctx: Changes, request: EddRequest, site: string | undefined, rules: SeatRules): Promise<EddActivateAnswer> {
  const { db } = ctx;
  const item = await lookUpItem(db, request);
  const answer = itemAnswer(request, item, activateChecksum(request));
  const key = request.license?.trim() ?? '';
  const row = key ? await findLicenseByKey(db, canonicalKey(key)) : undefined;
  if (!row) return { success: false, license: 'invalid', ...answer, error: 'missing' };
  if (!site) {
    const known = await validateLicense(db, { license_key: key });
    return {
      success: false,
      license: 'invalid',
      ...answer,
      error: 'missing_url',
      ...(known.license && eddLicenseFields(known.license)),
      ...(await purchaseFields(db, row)),
    };
  }
  const result = await activateSite(
    ctx,
    { license_key: key, site_url: site, plugin_slug: requiredSlug(item) ?? row.plugin_slug, environment: request.environment?.trim() || undefined },
    rules,
  );
  const fields = result.license ? eddLicenseFields(result.license) : {};
  const purchase = await purchaseFields(db, row);
  if (result.activated) {
    return { success: true, license: 'valid', ...answer, ...fields, ...purchase, ...(result.activation?.is_local && { is_local: true }) };
  }
  const error = result.code === 'PLUGIN_MISMATCH' ? mismatchError(item) : (ACTIVATE_ERRORS[result.code] ?? 'missing');
  return {
    success: false,
    license: 'invalid',
    ...answer,
    error,
    ...fields,
    ...purchase,
    ...(error === 'no_activations_left' && result.license && { max_sites: result.license.max_activations }),
  };
}

export async function eddDeactivate(ctx: Changes, request: EddRequest, site: string | undefined): Promise<EddDeactivateAnswer> {
  const { db } = ctx;
  const item = await lookUpItem(db, request);
  const answer = itemAnswer(request, item, deactivateChecksum(request));
  const key = request.license?.trim() ?? '';
  const row = key ? await findLicenseByKey(db, canonicalKey(key)) : undefined;
  if (!row) return { success: false, license: 'failed', ...answer };
  const known = { expires: row.expires_at ? eddDate(row.expires_at) : 'lifetime', ...(await purchaseFields(db, row)) };
  const slug = requiredSlug(item);
  if (!site || (slug !== undefined && slug !== row.plugin_slug)) return { success: false, license: 'failed', ...answer, ...known };
  const result = await deactivateSite(ctx, { license_key: key, site_url: site });
  return { success: result.deactivated, license: result.deactivated ? 'deactivated' : 'failed', ...answer, ...known };
}

/**
 * check_license: one validation (the fast reader, the daily `license_verified` entry, the site's report), plus
 * the item's plugin when the request names one and the licence's purchase, which the fast reader reads with the
 * licence. Without a usable site EDD answers site_inactive.
 */
export async function eddCheck(
  db: Database,
  request: EddRequest,
  site: string | undefined,
  reader?: ValidationReader,
  itemReader?: EddItemReader | null,
): Promise<EddCheckAnswer> {
  const key = request.license?.trim() ?? '';
  const canonical = key && canonicalKey(key);
  // The item and the licence are asked for in the same turn: on SQLite the reads run in one read transaction
  // (server/db/sqlite-read-batch.ts), and on PostgreSQL the queries are under way at once.
  const [item, found, unread] = await Promise.all([
    lookUpItem(db, request, false, itemReader),
    key && reader ? reader(canonical, site) : undefined,
    key && !reader ? findLicenseByKey(db, canonical) : undefined,
  ]);
  const answer = itemAnswer(request, item, checkChecksum(request));
  if (!key) return { success: false, license: 'invalid', ...answer };
  const input = { license_key: key, site_url: site, plugin_slug: requiredSlug(item), ...siteReport(request) };
  // The licence was read above, with the key and site validateLicense reads it by.
  const result = await validateLicense(db, input, reader && (() => found));
  if (!result.license || result.code === 'NOT_FOUND') return { success: false, license: 'invalid', ...answer };
  // The reader's statement reads the buyer's name too (license_checks holds it); without a reader Kysely reads it.
  let purchaseFieldsOf = {};
  if (found) purchaseFieldsOf = toPurchaseFields(found.purchase, found.buyerName);
  else if (unread) purchaseFieldsOf = await purchaseFields(db, unread);
  return {
    success: true,
    license: checkStatus(result.code, result.license, site, item),
    ...answer,
    ...eddLicenseFields(result.license),
    ...purchaseFieldsOf,
  };
}

/** check_license's `license` for a known key: validateLicense's code under EDD's name. */
function checkStatus(code: LicenseCode, view: PublicLicense, site: string | undefined, item: ItemLookup): EddCheckStatus {
  switch (code) {
    case 'VALID':
      return site ? 'valid' : 'site_inactive';
    case 'REVOKED':
      return 'disabled';
    case 'EXPIRED':
      return 'expired';
    case 'PLUGIN_MISMATCH':
      return mismatchError(item);
    default:
      // SITE_INACTIVE: EDD says `inactive` while the licence is active on no site at all.
      return view.activations_used === 0 ? 'inactive' : 'site_inactive';
  }
}
