// The licence e-mail a paid order sends (docs/design.md section 7): key, plugin, signed download link,
// install steps and the support address, as plain text and HTML. Rendered at send time from the current
// data (renderLicenseEmailForOrder, registered on ctx.emailRenderers), so a retry or a resend carries a
// fresh download link, and a message held for want of a shop address gets its links when it leaves.
import type { AppContext } from '../../kernel/context.js';
import { ACCOUNT_PAGES } from '../../../common/account.js';
import { emailBrand, type EmailBrand } from '../storefront/index.js';
import type { EmailContent } from '../email/index.js';
import type { EmailRow } from '../email/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { requireEmailLinkBase } from '../email/index.js';
import { createDownloadUrl } from '../releases/index.js';
import { findOrderById } from './orders.repository.js';
import { couponCodesById } from '../coupons/index.js';
import { formatMoney } from '../../../common/pricing.js';
import { findPriceById } from '../prices/index.js';
import { renewPath } from '../../../common/renewals.js';
import { escapeHtml } from '../../lib/html.js';
import { licenceWord, sitesText, supportAnswerClause, updatesText, type Spelling } from '../../../common/store-terms.js';

/** The `kind` of a licence message in the emails table. */
export const LICENCE_EMAIL_KIND = 'licence';
export const DOWNLOAD_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface LicenseEmailInput {
  pluginName: string;
  licenseKey: string;
  downloadUrl: string | null;
  /** The customer's account page ({base}/account): licences, sites, downloads and receipts. */
  accountUrl: string;
  /** The store's name, support address and signature (server/modules/storefront). */
  brand: EmailBrand;
  /** The coupon the order took: its line, e.g. 'Coupon SPRING-20: £9.80 off, you paid £39.20' (docs/pricing.md). */
  couponLine?: string | null;
  /** What the order was (docs/pricing.md): its kind, the tier and the licence after it; left out, a plain new sale of the base tier. */
  purchase?: {
    kind: string;
    tier: { name: string; term: string; sites: number | null } | null;
    expiresAt: string | null;
    /** The renewal page (`/renew?key=…`) for a licence that expires. */
    renewUrl: string | null;
  };
}

const TERM_NAMES: Record<string, string> = { lifetime: 'lifetime', year: 'yearly', month: 'monthly' };
const day = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/** The receipt lines of an order (kind, tier and term, expiry), empty for an order without a tier. */
function purchaseLines(purchase: LicenseEmailInput['purchase'], spelling: Spelling): string[] {
  if (!purchase?.tier) return [];
  const { tier } = purchase;
  const word = licenceWord(spelling);
  const kinds: Record<string, string> = { new: `New ${word}`, renewal: 'Renewal', upgrade: 'Upgrade' };
  const sites = tier.sites === null ? 'unlimited sites' : `${tier.sites} site${tier.sites === 1 ? '' : 's'}`;
  return [
    `Order: ${kinds[purchase.kind] ?? purchase.kind}, ${tier.name} (${TERM_NAMES[tier.term] ?? tier.term} ${word}, ${sites})`,
    purchase.expiresAt ? `Valid until: ${day(purchase.expiresAt)}${purchase.renewUrl ? `; renew at ${purchase.renewUrl}` : ''}` : 'Valid: for life',
  ];
}

/**
 * What the licence covers, in the install steps, from the tier bought (issue 40): its name, sites and updates
 * ("Updates until 28 November 2027, renewable"; "Lifetime updates" only for a lifetime one). An order without a
 * tier was the seeded one: 3 sites, lifetime.
 */
function coverSentence(purchase: LicenseEmailInput['purchase'], spelling: Spelling): string {
  const tier = purchase?.tier ?? { name: '', term: 'lifetime', sites: 3 };
  const term = tier.term === 'year' || tier.term === 'month' ? tier.term : 'lifetime';
  const updates = updatesText(term, purchase?.expiresAt ?? null);
  const named = tier.name ? ` (${tier.name})` : '';
  return `Your ${licenceWord(spelling)}${named} covers ${sitesText(tier.sites)}. ${updates}.`;
}

const installSteps = (pluginName: string, purchase: LicenseEmailInput['purchase'], spelling: Spelling): string[] => [
  `Download ${pluginName} with the link above (it is valid for 7 days).`,
  'In WordPress go to Plugins → Add New → Upload Plugin, choose the zip file and click Install Now.',
  `Activate the plugin, open its settings page and paste your ${licenceWord(spelling)} key.`,
  coverSentence(purchase, spelling),
];

export function renderLicenseEmail(input: LicenseEmailInput): EmailContent {
  const kind = input.purchase?.kind ?? 'new';
  const { supportEmail, signature, spelling } = input.brand;
  const word = licenceWord(spelling);
  const subject =
    kind === 'renewal'
      ? `Your ${input.pluginName} ${word} is renewed`
      : kind === 'upgrade'
        ? `Your ${input.pluginName} ${word} is upgraded`
        : `Your ${input.pluginName} ${word} key`;
  const thanks = kind === 'renewal' ? 'renewing' : kind === 'upgrade' ? 'upgrading' : 'buying';
  const receipt = purchaseLines(input.purchase, spelling);
  const download = input.downloadUrl
    ? `Download (valid for 7 days): ${input.downloadUrl}`
    : `Download: the first release is being prepared; we will e-mail you when it is ready (${input.accountUrl}).`;
  const steps = installSteps(input.pluginName, input.purchase, spelling);
  // The vendor's own answer time (Storefront page), or none: never the demo's "within 24 hours" (issue 40).
  const answer = supportAnswerClause({ support_promise: input.brand.supportPromise });
  const help = supportEmail ? `Need help? Write to ${supportEmail}${answer}.` : 'Need help? Reply to this e-mail.';
  const account = `Your account (${word}s, sites, downloads, receipts and invoices)`;
  const text = [
    `Thank you for ${thanks} ${input.pluginName}!`,
    '',
    `Plugin: ${input.pluginName}`,
    `${licenceWord(spelling, true)} key: ${input.licenseKey}`,
    ...(input.couponLine ? [input.couponLine] : []),
    ...receipt,
    '',
    download,
    '',
    `${account}: ${input.accountUrl}`,
    '',
    'Install steps:',
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    help,
    '',
    ...signature,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<h1 style="font-size:20px">Thank you for ${thanks} ${escapeHtml(input.pluginName)}!</h1>
<p>Plugin: <strong>${escapeHtml(input.pluginName)}</strong></p>
<p>${licenceWord(spelling, true)} key: <code style="font-size:16px;background:#f4f4f5;padding:2px 6px">${escapeHtml(input.licenseKey)}</code></p>
${input.couponLine ? `<p>${escapeHtml(input.couponLine)}</p>\n` : ''}${receipt.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${
  input.downloadUrl
    ? `<p><a href="${escapeHtml(input.downloadUrl)}">Download ${escapeHtml(input.pluginName)}</a> (valid for 7 days)</p>`
    : '<p>The first release is being prepared; we will e-mail you when it is ready.</p>'
}
<p>${account}: <a href="${escapeHtml(input.accountUrl)}">${escapeHtml(input.accountUrl)}</a></p>
<h2 style="font-size:16px">Install steps</h2>
<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>
<p>${
    supportEmail ? `Need help? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>${escapeHtml(answer)}.` : escapeHtml(help)
  }</p>
<p>${signature.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject, text, html };
}

/** The licence message of `email.order_id` as it is now: the order's licence key and a fresh 7-day download link. */
export async function renderLicenseEmailForOrder(ctx: AppContext, email: EmailRow): Promise<EmailContent> {
  if (email.order_id === null) return { subject: email.subject, text: email.text, html: email.html };
  const order = await findOrderById(ctx.db, email.order_id);
  // The licence the order made, or the one its renewal or upgrade changed (0025-renewal-orders).
  const licenseId = order?.license_id ?? order?.target_license_id ?? null;
  if (!order || licenseId === null) throw new Error(`order ${email.order_id} has no licence to send`);
  const license = await ctx.db.selectFrom('licenses').select(['id', 'key', 'expires_at']).where('id', '=', licenseId).executeTakeFirstOrThrow();
  const tier = order.price_id === null ? undefined : await findPriceById(ctx.db, order.price_id);
  const plugin = await findPluginBySlug(ctx.db, order.plugin_slug);
  // Never the order's origin nor any request's host: the buyer chose those (docs/checkout.md, "Links in e-mails").
  const baseUrl = requireEmailLinkBase(ctx);
  const downloadUrl = await createDownloadUrl(ctx, {
    licenseId: license.id,
    pluginSlug: order.plugin_slug,
    ttlSeconds: DOWNLOAD_LINK_TTL_SECONDS,
    baseUrl,
  });
  return renderLicenseEmail({
    pluginName: plugin?.name ?? order.plugin_slug,
    licenseKey: license.key,
    brand: emailBrand(ctx.settings),
    downloadUrl,
    accountUrl: `${baseUrl}${ACCOUNT_PAGES.account}`,
    couponLine: await couponLine(ctx, order),
    purchase: {
      kind: order.kind,
      tier: tier ? { name: tier.name, term: tier.term, sites: tier.sites } : null,
      expiresAt: license.expires_at,
      renewUrl: license.expires_at ? `${baseUrl}${renewPath(license.key)}` : null,
    },
  });
}

async function couponLine(
  ctx: AppContext,
  order: { coupon_id: number | null; discount_amount: number; amount: number; currency: string },
): Promise<string | null> {
  if (order.coupon_id === null) return null;
  const code = (await couponCodesById(ctx.db, [order.coupon_id])).get(order.coupon_id) ?? 'applied';
  return `Coupon ${code}: ${formatMoney(order.discount_amount, order.currency)} off, you paid ${formatMoney(order.amount, order.currency)}`;
}
