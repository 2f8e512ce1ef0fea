// Lemon Squeezy as merchant of record (issue 26; docs/pricing.md "Lemon Squeezy"). When it is the shop's provider
// (PaymentProviders.lemonSqueezy), Purchase goes to its hosted checkout for the tier's variant, with the buyer's e-mail
// prefilled and the tier (and a renewal's licence) in the checkout's custom data. The link names the variant by its
// UUID, from the tier's checkout link (`lemonsqueezy_checkout_link`, migration 0035), not by the numeric id
// (`lemonsqueezy_variant_id`), which is what the webhook carries. Nothing is written here: Lemon Squeezy's
// `order_created` webhook records and fulfils the order (server/modules/webhooks/lemonsqueezy-webhook.ts), and checks
// that the variant paid for is the tier's own, since a buyer can edit the link.
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { isPurchasable } from '../../../common/pricing.js';
import { readLemonSqueezyCheckoutLink } from '../../../common/prices.js';
import type { LemonSqueezyCheckoutBody, LemonSqueezyCheckoutResponse } from '../../../common/checkout.js';
import { canonicalKey, findLicenseByKey } from '../licenses/index.js';
import { findPriceById, resolveCheckoutTier, type PriceRow } from '../prices/index.js';
import { findPluginBySlug, toAdminPlugin } from '../plugins/index.js';
import { hasQualifyingRelease } from '../releases/index.js';
import { LEMONSQUEEZY_STORE_MISSING_MESSAGE } from './checkout.service.js';
import { PaymentsUnavailableError } from './order-creation.js';
import { quoteRenewal } from './renewal-checkout.js';

/** The buyer's message for a tier the vendor has not given its Lemon Squeezy variant (its id and its checkout link). */
export const noVariantMessage = (pluginName: string, tierName: string) =>
  `The ${tierName} licence of ${pluginName} cannot be bought online at the moment. Please choose another licence, or contact us to buy this one.`;

/**
 * The hosted checkout address (Lemon Squeezy's documented link, "Pre-filled checkout fields" and "Passing custom
 * data"): https://{store}.lemonsqueezy.com/checkout/buy/{variant UUID}?checkout[email]=…&checkout[custom][key]=…
 */
export function lemonSqueezyCheckoutUrl(store: string, variantUuid: string, email: string | null, custom: Record<string, string | number>): string {
  const url = new URL(`https://${store}.lemonsqueezy.com/checkout/buy/${encodeURIComponent(variantUuid)}`);
  if (email) url.searchParams.set('checkout[email]', email);
  for (const [key, value] of Object.entries(custom)) url.searchParams.set(`checkout[custom][${key}]`, String(value));
  return url.toString();
}

function storeOf(ctx: AppContext): string {
  const lemonSqueezy = ctx.payments.lemonSqueezy();
  if (!lemonSqueezy) {
    throw new AppError('CONFLICT', 'This shop does not take payments through Lemon Squeezy: buy through the checkout page instead.');
  }
  if (!lemonSqueezy.store) throw new PaymentsUnavailableError(LEMONSQUEEZY_STORE_MISSING_MESSAGE);
  return lemonSqueezy.store;
}

/**
 * Where the buyer pays for `tier`: its checkout link, on the store the link names (a link pasted whole) or the shop's
 * `store` setting (a UUID alone). A tier sells through Lemon Squeezy only with both its checkout link and its numeric
 * variant id: without the id the webhook could not match the order to the tier and would issue no licence. A stored
 * link that does not read as one (only an imported row could hold it) counts as none.
 */
function checkoutUrlOf(tier: PriceRow, pluginName: string, store: string, email: string | null, custom: Record<string, string | number>): string {
  const link = tier.lemonsqueezy_checkout_link === null ? null : readLemonSqueezyCheckoutLink(tier.lemonsqueezy_checkout_link);
  if (tier.lemonsqueezy_variant_id === null || link === null || 'error' in link) {
    throw new AppError('UNPROCESSABLE', noVariantMessage(pluginName, tier.name));
  }
  return lemonSqueezyCheckoutUrl(link.store ?? store, link.variantUuid, email, custom);
}

/** POST /api/checkout/lemonsqueezy: where the buyer pays for a new licence of a tier, or for a licence's renewal. */
export async function lemonSqueezyCheckout(ctx: AppContext, body: LemonSqueezyCheckoutBody): Promise<LemonSqueezyCheckoutResponse> {
  const store = storeOf(ctx);
  if (body.kind === 'renewal') {
    // The renewal page's own rules (a revoked, lifetime or tierless licence is refused with its reason).
    const quote = await quoteRenewal(ctx, body.license_key);
    if (!quote.renewal.available || !quote.tier)
      throw new AppError('UNPROCESSABLE', quote.renewal.available ? 'This licence cannot be renewed.' : quote.renewal.reason);
    const license = await findLicenseByKey(ctx.db, canonicalKey(body.license_key));
    const tier = await findPriceById(ctx.db, quote.tier.id);
    if (!license || !tier) throw new AppError('NOT_FOUND', 'No licence has this key.');
    const email = body.customerEmail ?? license.customer_email;
    const custom = { kind: 'renewal', price_id: tier.id, license_id: license.id };
    return { url: checkoutUrlOf(tier, quote.plugin_name, store, email, custom) };
  }
  const row = await findPluginBySlug(ctx.db, body.plugin);
  if (!row) throw new AppError('NOT_FOUND', `No plugin with the id '${body.plugin}' exists`);
  const plugin = toAdminPlugin(row);
  if (!isPurchasable(plugin, await hasQualifyingRelease(ctx.db, plugin.slug))) {
    throw new AppError('UNPROCESSABLE', `This plugin is not available for purchase. (${plugin.slug})`);
  }
  const tier = await resolveCheckoutTier(ctx.db, plugin.slug, body.price_id);
  const custom = { kind: 'new', price_id: tier.id, plugin: plugin.slug };
  return { url: checkoutUrlOf(tier, plugin.name, store, body.customerEmail, custom) };
}
