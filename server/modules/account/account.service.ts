// What a signed-in customer sees and does (docs/account.md): their licences and sites, downloads, orders
// and receipts. Everything is looked up through the session's e-mail: another customer's licence, site or
// order answers 404 exactly like one that does not exist.
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { toBool } from '../../db/portable.js';
import { PLANS, type Plan } from '../../../common/licences.js';
import { orderNumber, RECEIPT_VAT_NOTE, type AccountDownload, type AccountLicence, type AccountOrder, type Receipt } from '../../../common/account.js';
import { effectiveStatus } from '../licences/licence-access.js';
import { deactivateAdminSite } from '../licences/licences.service.js';
import { PURCHASE_PLAN } from '../orders/fulfilment.js';
import { createDownloadLink } from '../releases/download-links.js';
import { findLatestRelease } from '../releases/releases.repository.js';
import {
  findOwnedLicence,
  findOwnedOrder,
  listActivationsOf,
  listOwnedLicences,
  listOwnedOrders,
  type OwnedLicenceRow,
  type OwnedOrderRow,
} from './account.repository.js';

/**
 * How long an account download link works: the customer clicks it at once, so an hour is plenty, and a link
 * copied out of the page stops working soon (the licence e-mail's links last 7 days because mail waits).
 */
export const ACCOUNT_DOWNLOAD_TTL_SECONDS = 60 * 60;

const asPlan = (plan: string | null): Plan => ((PLANS as readonly string[]).includes(plan ?? '') ? (plan as Plan) : PURCHASE_PLAN);

const notFound = (id: number) => new AppError('NOT_FOUND', `License ${id} was not found in your account`);

async function toAccountLicences(ctx: AppContext, rows: OwnedLicenceRow[]): Promise<AccountLicence[]> {
  const activations = await listActivationsOf(ctx.db, rows.map((row) => row.id));
  const hasRelease = new Map<string, boolean>();
  for (const slug of new Set(rows.map((row) => row.plugin_slug))) hasRelease.set(slug, (await findLatestRelease(ctx.db, slug)) !== undefined);
  const now = new Date();
  return rows.map((row) => {
    const sites = activations.filter((activation) => activation.license_id === row.id);
    // Local and staging sites use no seat (docs/licence-api.md).
    const used = sites.filter((site) => site.is_local === 0).length;
    const status = effectiveStatus(row, now);
    return {
      id: row.id,
      key: row.key,
      plugin_slug: row.plugin_slug,
      plugin_name: row.plugin_name ?? row.plugin_slug,
      plan: asPlan(row.plan),
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
    };
  });
}

export async function listAccountLicences(ctx: AppContext, email: string): Promise<AccountLicence[]> {
  return toAccountLicences(ctx, await listOwnedLicences(ctx.db, email));
}

async function ownedLicence(ctx: AppContext, email: string, id: number): Promise<OwnedLicenceRow> {
  const row = await findOwnedLicence(ctx.db, email, id);
  if (!row) throw notFound(id);
  return row;
}

async function accountLicence(ctx: AppContext, email: string, id: number): Promise<AccountLicence> {
  const [licence] = await toAccountLicences(ctx, [await ownedLicence(ctx, email, id)]);
  if (!licence) throw notFound(id);
  return licence;
}

/** Frees a site's seat with the admin's own rules and activity entry (recorded as done by the customer). */
export async function deactivateAccountSite(ctx: AppContext, email: string, licenceId: number, activationId: number): Promise<AccountLicence> {
  await ownedLicence(ctx, email, licenceId);
  await deactivateAdminSite(ctx.db, licenceId, activationId, 'customer');
  return accountLicence(ctx, email, licenceId);
}

/** A signed link to the latest release the licence entitles its owner to (the download re-checks the licence). */
export async function createAccountDownload(ctx: AppContext, email: string, licenceId: number, baseUrl: string): Promise<AccountDownload> {
  const licence = await ownedLicence(ctx, email, licenceId);
  const status = effectiveStatus(licence);
  if (status !== 'active') {
    throw new AppError('CONFLICT', `This licence is ${status}, so it has no downloads. Renew or buy a licence to download ${licence.plugin_name ?? licence.plugin_slug}.`);
  }
  const link = await createDownloadLink(ctx, { licenseId: licence.id, pluginSlug: licence.plugin_slug, ttlSeconds: ACCOUNT_DOWNLOAD_TTL_SECONDS, baseUrl });
  if (!link) throw new AppError('NOT_FOUND', `${licence.plugin_name ?? licence.plugin_slug} has no release to download yet; we will e-mail you when it is ready.`);
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
    item: { plugin_slug: row.plugin_slug, plugin_name: row.plugin_name ?? row.plugin_slug, plan: asPlan(row.plan) },
    amount: row.amount,
    currency: row.currency,
    vat_note: RECEIPT_VAT_NOTE,
    seller_name: ctx.settings.get('seller_name'),
    buyer_email: row.email,
  };
}
