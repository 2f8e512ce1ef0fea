import { effectivePriceMinor } from '../../../common/pricing.js';
import { lemonSqueezyMissing } from '../../../common/prices.js';
import { DEFAULT_STORE_IDENTITY } from '../../../common/store-identity.js';
import type { SetupChecklist, SetupStep } from '../../../common/setup-checklist.js';
import type { AppContext } from '../../kernel/context.js';
import { emailWorking, paymentsWorking } from '../payment-setup/index.js';
import { countPluginRows, listPlugins, toAdminPlugin, type PluginRow } from '../plugins/index.js';
import { countPriceRows, listActivePrices } from '../prices/index.js';
import { countReleaseRows } from '../releases/index.js';
import { storeIdentity } from '../storefront/index.js';

// The first-run checklist (issue 25; docs/dashboard.md): each step is read from the shop's own state every time,
// so it ticks itself as soon as the vendor has done it, wherever they did it (admin, API, import, environment).

/** The internal setting that remembers "Hide" (never answered by GET /api/admin/settings). */
export const SETUP_CHECKLIST_DISMISSED_KEY = 'setup_checklist_dismissed';

export async function setupChecklist(ctx: AppContext): Promise<SetupChecklist> {
  const identity = storeIdentity(ctx.settings);
  const [plugins, releases, tiers, pluginRows] = await Promise.all([
    countPluginRows(ctx.db),
    countReleaseRows(ctx.db),
    countPriceRows(ctx.db),
    listPlugins(ctx.db),
  ]);
  // A tier alone does not sell: the plugin's pricing must be switched on too (Plugin Settings, Pricing), or it stays
  // "Not on sale" while the step said done (found by e2e/empty-shop-journey.spec.ts).
  const priced = tiers > 0 && pluginRows.some((row) => effectivePriceMinor(toAdminPlugin(row)) !== null);
  // Card payments through Stripe, or Lemon Squeezy's hosted checkout once its webhook secret is saved (docs/checkout.md),
  // as long as it can sell what is on sale.
  const stripe = ctx.settings.getSecret('stripe_secret_key') !== null;
  const paymentsOk = paymentsWorking(ctx);
  const lemonSqueezyGap = await lemonSqueezyGapOf(ctx, pluginRows);
  // The address e-mailed links use: the Base URL setting, or the shop address the admin confirmed at sign-in.
  const baseUrl = ctx.settings.emailLinkBase();
  const steps: SetupStep[] = [
    {
      id: 'shop_address',
      title: 'Shop address',
      hint: baseUrl ? `Links in e-mails use ${baseUrl}.` : 'Set the public address of your shop, used in every link an e-mail carries.',
      path: '/settings',
      done: Boolean(baseUrl),
    },
    {
      id: 'store_identity',
      title: 'Store name and logo',
      hint: 'Name your store and upload its logo: the header, page titles, e-mails and receipts use them.',
      path: '/storefront',
      done: identity.store_name !== DEFAULT_STORE_IDENTITY.store_name && identity.logo !== null,
    },
    {
      // Issue 40: what buyers are promised is the vendor's offer; a new shop promises nothing until it is set.
      id: 'store_terms',
      title: 'Your terms',
      hint:
        identity.refund_days > 0 || identity.support_promise !== ''
          ? `Buyers are promised ${identity.refund_days > 0 ? `a ${identity.refund_days}-day money-back guarantee` : 'no refund window'} and ${identity.support_promise ? `an answer ${identity.support_promise}` : 'no answer time'}.`
          : 'Set your refund window, support promise, licence key prefix and spelling (Storefront, Your terms): until then buyers are promised no refund and no answer time.',
      path: '/storefront',
      done: identity.refund_days > 0 || identity.support_promise !== '',
    },
    { id: 'first_plugin', title: 'First plugin', hint: 'Add the plugin you sell.', path: '/plugins', done: plugins > 0 },
    { id: 'first_release', title: 'First release', hint: "Upload a version of your plugin's zip.", path: '/releases', done: releases > 0 },
    {
      id: 'price',
      title: 'Price',
      hint: priced
        ? 'A plugin has a price buyers can pay.'
        : tiers > 0
          ? "Switch the plugin's pricing on (Plugin Settings, Pricing): until then it is not on sale."
          : 'Give a plugin a price tier, then switch its pricing on.',
      path: tiers > 0 && !priced ? '/plugin-settings' : '/plugins',
      done: priced,
    },
    {
      id: 'payments',
      title: 'Payments',
      // Ticks from what works (issue 41): the keys passed the Check and a signed webhook arrived (Payments page).
      hint: lemonSqueezyGap
        ? lemonSqueezyGap.hint
        : paymentsOk
          ? stripe
            ? 'Stripe keys checked and a signed webhook received: buyers pay by card.'
            : 'Buyers pay through Lemon Squeezy: its signed webhook arrived.'
          : 'Enter your Stripe keys (or Lemon Squeezy) on the Payments page, check them and receive the first signed webhook.',
      path: lemonSqueezyGap?.path ?? '/payments',
      done: paymentsOk && !lemonSqueezyGap,
    },
    {
      id: 'email',
      title: 'E-mail',
      hint: emailWorking(ctx)
        ? 'A test e-mail went through your SMTP server: licence keys and receipts reach buyers.'
        : 'Enter your SMTP server on the E-mail page and send a test e-mail; until then messages are kept in the outbox, not sent.',
      path: '/email',
      done: emailWorking(ctx),
    },
  ];
  return { steps, complete: steps.every((step) => step.done), dismissed: ctx.settings.getInternal(SETUP_CHECKLIST_DISMISSED_KEY) === true };
}

/**
 * While Lemon Squeezy takes the payments (PaymentProviders.lemonSqueezy), what keeps buyers from paying there: its
 * store not set, or active tiers of plugins on sale without their variant id or checkout link (docs/pricing.md
 * "Lemon Squeezy"); null when nothing does.
 */
async function lemonSqueezyGapOf(ctx: AppContext, pluginRows: PluginRow[]): Promise<{ hint: string; path: string } | null> {
  const lemonSqueezy = ctx.payments.lemonSqueezy();
  if (!lemonSqueezy) return null;
  if (!lemonSqueezy.store) {
    return { hint: 'Enter your Lemon Squeezy store (Settings, Lemon Squeezy Checkout): until then buyers cannot pay.', path: '/settings' };
  }
  const onSale = new Map(pluginRows.filter((row) => effectivePriceMinor(toAdminPlugin(row)) !== null).map((row) => [row.slug, row.name]));
  const unsold = (await listActivePrices(ctx.db, [...onSale.keys()])).filter((tier) => lemonSqueezyMissing(tier).length > 0);
  const first = unsold[0];
  if (!first) return null;
  const names = unsold.slice(0, 3).map((tier) => `${tier.name} of ${onSale.get(tier.plugin_slug) ?? tier.plugin_slug}`);
  const more = unsold.length > 3 ? ` and ${unsold.length - 3} more` : '';
  return {
    hint: `Buyers cannot pay for ${names.join(', ')}${more} through Lemon Squeezy: give each tier its variant ID and checkout link (Lemon Squeezy → Products → Share).`,
    path: `/plugins/${first.plugin_slug}`,
  };
}

export async function setSetupChecklistDismissed(ctx: AppContext, dismissed: boolean): Promise<SetupChecklist> {
  await ctx.settings.setInternal({ [SETUP_CHECKLIST_DISMISSED_KEY]: dismissed });
  return setupChecklist(ctx);
}
