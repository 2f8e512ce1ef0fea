// Renewal and upgrade checkouts of a licence (issue 26; docs/pricing.md "Renewals" and "Upgrades"). The renewal page
// (`/renew?key=…`) asks for a quote, then starts a checkout for one of its offers; payment then runs exactly as a
// new sale's (the test provider's confirmation or Stripe's webhook), and fulfilment changes the licence named by the
// order's `target_license_id` (server/modules/orders/fulfilment.service.ts). Amounts are the server's.
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { formatMoney } from '../../../common/pricing.js';
import { tierPriceMinor, type PriceTerm } from '../../../common/prices.js';
import { isHigherTier, renewalPriceMinor, termStartOf, upgradePriceMinor, type RenewalIntentBody, type RenewalQuote } from '../../../common/renewals.js';
import { addTerm } from '../../../common/prices.js';
import { canonicalKey, effectiveStatus, findLicenseByKey } from '../licenses/index.js';
import { findPriceById, listActivePrices, type PriceRow } from '../prices/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { startCheckout } from './order-creation.js';
import { licenseOfferTax, licenseTax, renewalTaxBuyer } from './license-tax.js';

type LicenseRow = NonNullable<Awaited<ReturnType<typeof findLicenseByKey>>>;

interface Offers {
  license: LicenseRow;
  pluginName: string;
  tier: PriceRow | undefined;
  renewal: { amount: number; currency: string; newExpiresAt: string; tier: PriceRow } | { refused: string };
  upgrades: Array<{ tier: PriceRow; amount: number }>;
  upgradeNote: string | null;
  /** Why an upgrade to a given tier is refused (for the intent's 4xx), or undefined when it is offered. */
  upgradeRefusal: (tier: PriceRow) => string | undefined;
}

const NO_LICENSE = 'No licence has this key. Check the key in your licence e-mail or your account.';

/** Everything the renewal page and its checkout decide from: the licence, its tier, its renewal and its upgrades. */
async function offersFor(ctx: AppContext, key: string, now: Date): Promise<Offers> {
  const license = await findLicenseByKey(ctx.db, canonicalKey(key));
  if (!license) throw new AppError('NOT_FOUND', NO_LICENSE);
  const plugin = await findPluginBySlug(ctx.db, license.plugin_slug);
  const pluginName = plugin?.name ?? license.plugin_slug;
  const tier = license.price_id === null ? undefined : await findPriceById(ctx.db, license.price_id);
  const status = effectiveStatus(license, now);
  const at = now.toISOString();

  let renewal: Offers['renewal'];
  if (status === 'revoked') renewal = { refused: 'This licence is revoked and cannot be renewed.' };
  else if (!tier) renewal = { refused: 'This licence was not sold from a price tier, so it has no renewal price. Please contact support to renew it.' };
  else if (tier.term === 'lifetime' || license.expires_at === null) renewal = { refused: 'This is a lifetime licence: it never expires and needs no renewal.' };
  else {
    const amount = renewalPriceMinor(tier);
    const from = license.expires_at > at ? license.expires_at : at;
    renewal =
      amount < 1
        ? { refused: 'This licence has no renewal price (its renewal discount is 100%). Please contact support to renew it.' }
        : { amount, currency: tier.currency, newExpiresAt: addTerm(from, tier.term as PriceTerm) as string, tier };
  }

  let baseRefusal: string | undefined;
  if (status === 'revoked') baseRefusal = 'This licence is revoked and cannot be upgraded.';
  else if (!tier) baseRefusal = 'This licence was not sold from a price tier, so it cannot be upgraded here. Please contact support.';
  else if (status === 'expired') baseRefusal = 'This licence has expired: renew it first, then upgrade.';
  const priceOf = (to: PriceRow): number => {
    const from = tier as PriceRow;
    const difference = tierPriceMinor(to) - tierPriceMinor(from);
    const term = from.term as PriceTerm;
    const termStart = term === 'lifetime' || license.expires_at === null ? null : termStartOf(license.expires_at, term);
    return upgradePriceMinor({ difference, term, expiresAt: license.expires_at, termStart, now });
  };
  const upgradeRefusal = (to: PriceRow): string | undefined => {
    if (baseRefusal) return baseRefusal;
    const from = tier as PriceRow;
    if (to.plugin_slug !== license.plugin_slug) return `Price tier ${to.id} belongs to another plugin than ${license.plugin_slug}.`;
    if (to.active !== 1) return `Price tier ${to.id} (${to.name}) is no longer on sale. Reload the page and choose again.`;
    if (to.id === from.id) return `This licence is already on the ${from.name} tier.`;
    if (!isHigherTier(from, to)) return `${to.name} is not a higher tier than ${from.name}: an upgrade must allow more sites.`;
    if (to.term !== from.term) return `${to.name} is sold for another term than ${from.name}; an upgrade keeps the licence's term.`;
    if (to.currency !== from.currency) return `${to.name} is priced in ${to.currency}, this licence in ${from.currency}.`;
    if (tierPriceMinor(to) <= tierPriceMinor(from))
      return `${to.name} costs no more than ${from.name}, so there is no difference to pay. Please contact support.`;
    return undefined;
  };
  const upgrades = baseRefusal
    ? []
    : (await listActivePrices(ctx.db, [license.plugin_slug])).filter((to) => upgradeRefusal(to) === undefined).map((to) => ({ tier: to, amount: priceOf(to) }));
  const upgradeNote = baseRefusal ?? (upgrades.length === 0 ? 'There is no higher tier of this plugin to upgrade to.' : null);
  return { license, pluginName, tier, renewal, upgrades, upgradeNote, upgradeRefusal };
}

const tierView = (tier: PriceRow) => ({ id: tier.id, name: tier.name, sites: tier.sites, term: tier.term as PriceTerm });

/** POST /api/renewals/quote: what the renewal page shows; `buyer` is the page's country and VAT number, `ipCountry` the request's. */
export async function quoteRenewal(
  ctx: AppContext,
  key: string,
  now = new Date(),
  buyer: { country?: string | undefined; state?: string | undefined; vat_number?: string | undefined } = {},
  ipCountry: string | null = null,
): Promise<RenewalQuote> {
  const offers = await offersFor(ctx, key, now);
  const { license, tier, renewal } = offers;
  // Amounts are what the buyer pays: with the tax of their country (docs/tax.md "Renewals").
  const taxBuyer = await renewalTaxBuyer(ctx, license, buyer, ipCountry);
  const problems: string[] = [];
  const priced = async (amount: number, currency: string) => {
    const offer = await licenseOfferTax(ctx, license, amount, currency, taxBuyer.given);
    if (offer.problem) problems.push(offer.problem);
    return { amount: offer.amount, tax: offer.tax };
  };
  const renewalView: RenewalQuote['renewal'] =
    'refused' in renewal
      ? { available: false, reason: renewal.refused }
      : { available: true, ...(await priced(renewal.amount, renewal.currency)), currency: renewal.currency, new_expires_at: renewal.newExpiresAt };
  const upgrades = await Promise.all(
    offers.upgrades.map(async ({ tier: to, amount }) => ({ ...tierView(to), ...(await priced(amount, to.currency)), currency: to.currency })),
  );
  return {
    plugin_slug: license.plugin_slug,
    plugin_name: offers.pluginName,
    license_key_hint: `…${license.key.slice(-4)}`,
    status: effectiveStatus(license, now),
    expires_at: license.expires_at,
    tier: tier ? tierView(tier) : null,
    buyer: { ...taxBuyer.view, problem: problems[0] ?? null },
    renewal: renewalView,
    upgrades,
    upgrade_note: offers.upgradeNote,
  };
}

/**
 * POST /api/renewals/payment-intent: a pending order of kind `renewal` (the licence's tier, its renewal price) or
 * `upgrade` (the higher tier, the difference), for the licence; refusals are 4xx and write nothing. The same buyer
 * trying again gets the waiting order back, as with a new sale.
 */
export async function createRenewalIntent(
  ctx: AppContext,
  body: RenewalIntentBody,
  now = new Date(),
  ipCountry: string | null = null,
): Promise<{ clientSecret: string }> {
  const offers = await offersFor(ctx, body.license_key, now);
  const { license } = offers;
  let tier: PriceRow;
  let amount: number;
  if (body.kind === 'renewal') {
    if ('refused' in offers.renewal) throw new AppError('UNPROCESSABLE', offers.renewal.refused);
    ({ tier, amount } = offers.renewal);
  } else {
    const target = await findPriceById(ctx.db, body.price_id as number);
    if (!target) throw new AppError('NOT_FOUND', `No price tier with the id ${body.price_id}`);
    const refusal = offers.upgradeRefusal(target);
    if (refusal) throw new AppError('UNPROCESSABLE', refusal);
    tier = target;
    amount = (offers.upgrades.find((offer) => offer.tier.id === target.id) as { amount: number }).amount;
  }
  const { tax, fields } = await licenseTax(ctx, license, amount, tier.currency, body, ipCountry);
  amount = tax.total;
  if (body.amount !== amount) {
    throw new AppError(
      'UNPROCESSABLE',
      `The amount ${body.amount} does not match the ${body.kind} price, ${formatMoney(amount, tier.currency)} (${amount} in minor units${tax.tax > 0 ? ` with ${formatMoney(tax.tax, tier.currency)} tax` : ''}). Reload the page and try again.`,
    );
  }
  const email = body.customerEmail ?? license.customer_email;
  if (!email) throw new AppError('UNPROCESSABLE', 'This licence has no e-mail address: send customerEmail for the receipt.');
  return startCheckout(ctx, {
    autoRenew: body.auto_renew === true,
    term: tier.term,
    intent: {
      amount,
      currency: tier.currency,
      customerEmail: email,
      pluginSlug: license.plugin_slug,
      pluginName: `${offers.pluginName} (${body.kind === 'renewal' ? 'renewal' : `upgrade to ${tier.name}`})`,
      ...(tax.calculationRef ? { taxCalculationRef: tax.calculationRef } : {}),
    },
    keyParts: [body.kind, license.id, email.toLowerCase(), amount, tier.currency, tier.id, tax.country, tax.vatNumber],
    order: {
      email,
      plugin_slug: license.plugin_slug,
      amount,
      currency: tier.currency,
      price_id: tier.id,
      kind: body.kind,
      target_license_id: license.id,
      ...fields,
    },
    conflictMessage: 'Another checkout for this renewal was being set up at the same moment. Please try again.',
  });
}
