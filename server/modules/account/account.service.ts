// What a signed-in customer sees and does (docs/account.md): their licences and sites, downloads, orders
// and receipts. Everything is looked up through the session's e-mail: another customer's licence, site or
// order answers 404 exactly like one that does not exist.
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { toBool } from '../../db/portable.js';
import { PLAN_LABELS, PLANS, type Plan } from '../../../common/licenses.js';
import { orderNumber, RECEIPT_VAT_NOTE, type AccountDownload, type AccountLicense, type AccountOrder, type Receipt } from '../../../common/account.js';
import { renewPath } from '../../../common/renewals.js';
import { spellLicence } from '../../../common/store-terms.js';
import { storeIdentity } from '../storefront/index.js';
import { effectiveStatus } from '../licenses/index.js';
import { deactivateAdminSite, listActivationsOfLicenses } from '../licenses/index.js';
import { PURCHASE_PLAN } from '../orders/index.js';
import { autoRenewStates, setAutoRenew } from '../checkout/index.js';
import { AUTO_RENEW_OFF, type AutoRenewState } from '../../../common/auto-renewal.js';
import { createDownloadLink } from '../releases/index.js';
import { findLatestRelease } from '../releases/index.js';
import { findPriceById } from '../prices/index.js';
import { findOwnedLicense, findOwnedOrder, listOwnedLicenses, listOwnedOrders, type OwnedLicenseRow, type OwnedOrderRow } from './account.repository.js';

/**
 * How long an account download link works: the customer clicks it at once, so an hour is plenty, and a link
 * copied out of the page stops working soon (the licence e-mail's links last 7 days because mail waits).
 */
export const ACCOUNT_DOWNLOAD_TTL_SECONDS = 60 * 60;

const asPlan = (plan: string | null): Plan => ((PLANS as readonly string[]).includes(plan ?? '') ? (plan as Plan) : PURCHASE_PLAN);

/**
 * The plan as the buyer chose it (issue 40): the name of the price tier, not the internal plan's label ("Pro
 * Yearly"); a licence or order without a tier (made by hand, or before tiers) keeps the plan's label.
 */
async function planNames(ctx: AppContext, rows: { price_id: number | null; plan: string | null }[]): Promise<string[]> {
  const names = new Map<number, string | undefined>();
  for (const id of new Set(rows.map((row) => row.price_id).filter((id): id is number => id !== null))) names.set(id, (await findPriceById(ctx.db, id))?.name);
  return rows.map((row) => (row.price_id !== null ? names.get(row.price_id) : undefined) ?? PLAN_LABELS[asPlan(row.plan)]);
}

const notFound = (id: number) => new AppError('NOT_FOUND', `License ${id} was not found in your account`);

async function toAccountLicenses(ctx: AppContext, rows: OwnedLicenseRow[]): Promise<AccountLicense[]> {
  const activations = await listActivationsOfLicenses(
    ctx.db,
    rows.map((row) => row.id),
  );
  const hasRelease = new Map<string, boolean>();
  for (const slug of new Set(rows.map((row) => row.plugin_slug))) hasRelease.set(slug, (await findLatestRelease(ctx.db, slug)) !== undefined);
  const autoRenew = await autoRenewStates(
    ctx,
    rows.map((row) => row.id),
  );
  const now = new Date();
  const plans = await planNames(ctx, rows);
  return rows.map((row, index) => {
    const sites = activations.filter((activation) => activation.license_id === row.id);
    // Local and staging sites use no seat (docs/license-api.md).
    const used = sites.filter((site) => site.is_local === 0).length;
    const status = effectiveStatus(row, now);
    return {
      id: row.id,
      // An imported key as the buyer knew it (licenses.key_spelling); keys are looked up in any case.
      key: row.key_spelling ?? row.key,
      plugin_slug: row.plugin_slug,
      plugin_name: row.plugin_name ?? row.plugin_slug,
      plan: asPlan(row.plan),
      plan_name: plans[index]!,
      status,
      expires_at: row.expires_at,
      max_activations: row.max_activations,
      activations_used: used,
      activations_left: Math.max(0, row.max_activations - used),
      download_available: status === 'active' && (hasRelease.get(row.plugin_slug) ?? false),
      sites: sites.map((site) => ({
        id: site.id,
        site_url: site.site_url,
        is_local: toBool(site.is_local),
        activated_at: site.created_at,
        last_seen_at: site.last_checked_at,
      })),
      created_at: row.created_at,
      renew_url: status !== 'revoked' && row.price_id !== null ? renewPath(row.key) : null,
      auto_renew: autoRenew.get(row.id) ?? AUTO_RENEW_OFF,
    };
  });
}

export async function listAccountLicenses(ctx: AppContext, email: string): Promise<AccountLicense[]> {
  return toAccountLicenses(ctx, await listOwnedLicenses(ctx.db, email));
}

async function ownedLicense(ctx: AppContext, email: string, id: number): Promise<OwnedLicenseRow> {
  const row = await findOwnedLicense(ctx.db, email, id);
  if (!row) throw notFound(id);
  return row;
}

/** The buyer turns automatic renewal on or off for a licence of theirs (another's answers 404). */
export async function setAccountAutoRenew(ctx: AppContext, email: string, id: number, enabled: boolean): Promise<AutoRenewState> {
  const row = await ownedLicense(ctx, email, id);
  return setAutoRenew(ctx, row.id, enabled, 'customer');
}

async function accountLicense(ctx: AppContext, email: string, id: number): Promise<AccountLicense> {
  const [license] = await toAccountLicenses(ctx, [await ownedLicense(ctx, email, id)]);
  if (!license) throw notFound(id);
  return license;
}

/** Frees a site's seat with the admin's own rules and activity entry (recorded as done by the customer). */
export async function deactivateAccountSite(ctx: AppContext, email: string, licenseId: number, activationId: number): Promise<AccountLicense> {
  await ownedLicense(ctx, email, licenseId);
  await deactivateAdminSite(ctx, licenseId, activationId, 'customer');
  return accountLicense(ctx, email, licenseId);
}

/** A signed link to the latest release the licence entitles its owner to (the download re-checks the licence). */
export async function createAccountDownload(ctx: AppContext, email: string, licenseId: number, baseUrl: string): Promise<AccountDownload> {
  const license = await ownedLicense(ctx, email, licenseId);
  const status = effectiveStatus(license);
  if (status !== 'active') {
    throw new AppError(
      'CONFLICT',
      `${spellLicence(`This licence is ${status}, so it has no downloads. Renew or buy a licence`, storeIdentity(ctx.settings).spelling)} to download ${license.plugin_name ?? license.plugin_slug}.`,
    );
  }
  const link = await createDownloadLink(ctx, { licenseId: license.id, pluginSlug: license.plugin_slug, ttlSeconds: ACCOUNT_DOWNLOAD_TTL_SECONDS, baseUrl });
  if (!link)
    throw new AppError('NOT_FOUND', `${license.plugin_name ?? license.plugin_slug} has no release to download yet; we will e-mail you when it is ready.`);
  return { url: link.url, version: link.version, expires_at: link.expiresAt };
}

const orderDate = (row: OwnedOrderRow): string => row.paid_at ?? row.created_at;
const orderStatus = (row: OwnedOrderRow): AccountOrder['status'] => (row.status === 'refunded' ? 'refunded' : 'paid');

export async function listAccountOrders(ctx: AppContext, email: string): Promise<AccountOrder[]> {
  return (await listOwnedOrders(ctx.db, email)).map((row) => ({
    id: row.id,
    number: orderNumber(row.id),
    date: orderDate(row),
    plugin_slug: row.plugin_slug,
    plugin_name: row.plugin_name ?? row.plugin_slug,
    amount: row.amount,
    currency: row.currency,
    status: orderStatus(row),
  }));
}

export async function getAccountReceipt(ctx: AppContext, email: string, orderId: number): Promise<Receipt> {
  const row = await findOwnedOrder(ctx.db, email, orderId);
  if (!row) throw new AppError('NOT_FOUND', `Order ${orderId} was not found in your account`);
  return {
    order_id: row.id,
    number: orderNumber(row.id),
    date: orderDate(row),
    status: orderStatus(row),
    item: {
      plugin_slug: row.plugin_slug,
      plugin_name: row.plugin_name ?? row.plugin_slug,
      plan: asPlan(row.plan),
      plan_name: (await planNames(ctx, [row]))[0]!,
    },
    amount: row.amount,
    currency: row.currency,
    coupon: row.coupon_code ? { code: row.coupon_code, discount: row.discount_amount } : null,
    vat_note: RECEIPT_VAT_NOTE,
    seller_name: ctx.settings.get('seller_name'),
    buyer_email: row.email,
  };
}

// What other modules use of this one: they import it only through its service files (docs/contributing.md).
export { forgetCustomerAddress } from './account.repository.js';
