import { z } from 'zod';
import { customerEmailSchema } from './checkout.js';
import { buyerTaxFields, taxQuoteSchema } from './tax.js';
import { idField } from './ids.js';
import { PRICE_TERMS, type PriceTerm } from './prices.js';

// Renewals and upgrades of a licence (issue 26; docs/pricing.md "Renewals" and "Upgrades"). The renewal page
// (`/renew?key=…`, RENEW_PAGE) asks for a quote, then starts a checkout for one of its offers; the amount is the
// server's, the client's is only checked against it.

/** The public renewal page; reminder e-mails, the account, the admin and the update check link to exactly this. */
export const RENEW_PAGE = '/renew';
/** The page's path with the key, relative: `${base}${renewPath(key)}` for an absolute link. */
export const renewPath = (key: string): string => `${RENEW_PAGE}?key=${encodeURIComponent(key)}`;

const licenseKeyField = z
  .string({ error: 'license_key is required' })
  .trim()
  .min(1, 'license_key is required')
  .max(64, 'license_key must be at most 64 characters');

/** POST /api/renewals/quote */
export const renewalQuoteBodySchema = z
  .object({ license_key: licenseKeyField, country: buyerTaxFields.country, state: buyerTaxFields.state, vat_number: buyerTaxFields.vat_number })
  .strict();
export type RenewalQuoteBody = z.infer<typeof renewalQuoteBodySchema>;

const tierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sites: z.number().int().nullable(),
  term: z.enum(PRICE_TERMS),
});

/** What the renewal page shows: the licence, its renewal (or why there is none) and the tiers it may move up to. */
export const renewalQuoteSchema = z.object({
  plugin_slug: z.string(),
  plugin_name: z.string(),
  /** The licence key, masked except its last four characters (the page already has it in its address). */
  license_key_hint: z.string(),
  status: z.string(),
  expires_at: z.string().nullable(),
  tier: tierSchema.nullable(),
  /**
   * The buyer's tax details the page prefills (docs/tax.md "Renewals"): the country and VAT number given, else those
   * on record (the licence's latest order with a country), else the request's country. `tax_required`: tax is set
   * up, so the page asks for the country; `problem`: why no tax could be computed (no country yet, a refused one).
   */
  buyer: z.object({
    country: z.string().nullable(),
    state: z.string().nullable(),
    vat_number: z.string().nullable(),
    detected_country: z.string().nullable(),
    tax_required: z.boolean(),
    problem: z.string().nullable(),
  }),
  renewal: z.union([
    z.object({
      available: z.literal(true),
      /** The total to pay (with tax when computed). */
      amount: z.number().int(),
      currency: z.string(),
      new_expires_at: z.string(),
      /** Net, tax and total (null without tax set up or without a country yet). */
      tax: taxQuoteSchema.nullable(),
    }),
    z.object({ available: z.literal(false), reason: z.string() }),
  ]),
  upgrades: z.array(tierSchema.extend({ amount: z.number().int(), currency: z.string(), tax: taxQuoteSchema.nullable() })),
  /** Why there is no upgrade (empty list), or null. */
  upgrade_note: z.string().nullable(),
});
export type RenewalQuote = z.infer<typeof renewalQuoteSchema>;

/** POST /api/renewals/payment-intent: pay a renewal, or an upgrade to `price_id`. */
export const renewalIntentBodySchema = z
  .object({
    license_key: licenseKeyField,
    kind: z.enum(['renewal', 'upgrade'], { error: 'kind must be renewal or upgrade' }),
    /** The tier to move up to (upgrades only). */
    price_id: idField('price_id').optional(),
    amount: z.number({ error: 'amount must be a whole number of minor units' }).int('amount must be a whole number of minor units').min(0),
    /** Where the receipt goes; left out, the licence's own address. */
    customerEmail: customerEmailSchema.optional(),
    /** Automatic renewal from now on (renewals only): the card paid with is saved and charged at the next expiry. */
    auto_renew: z.boolean({ error: 'auto_renew must be true or false' }).optional(),
    /** The buyer's country and VAT number (docs/tax.md); left out, those of the order that sold the licence. */
    country: buyerTaxFields.country,
    state: buyerTaxFields.state,
    vat_number: buyerTaxFields.vat_number,
    buyer_name: buyerTaxFields.buyer_name,
    buyer_address: buyerTaxFields.buyer_address,
  })
  .strict()
  .refine((body) => body.kind === 'renewal' || body.price_id !== undefined, { message: 'price_id is required for an upgrade', path: ['price_id'] })
  .refine((body) => body.kind === 'upgrade' || body.price_id === undefined, { message: 'price_id is only for an upgrade', path: ['price_id'] })
  .refine((body) => body.kind === 'renewal' || body.auto_renew !== true, { message: 'auto_renew is only for a renewal', path: ['auto_renew'] });
export type RenewalIntentBody = z.infer<typeof renewalIntentBodySchema>;

/** The renewal price of a tier: its full amount (not a sale price) less its renewal discount, rounded to a minor unit. */
export function renewalPriceMinor(tier: { amount: number; renewal_discount_percent: number }): number {
  return Math.round((tier.amount * (100 - tier.renewal_discount_percent)) / 100);
}

/** Sites as a number for comparing tiers: unlimited (null) above every number. */
const siteRank = (sites: number | null): number => (sites === null ? Number.POSITIVE_INFINITY : sites);

/** Whether `to` is higher than `from`: more sites (unlimited highest). Equal or fewer sites is not an upgrade. */
export const isHigherTier = (from: { sites: number | null }, to: { sites: number | null }): boolean => siteRank(to.sites) > siteRank(from.sites);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What an upgrade costs (docs/pricing.md "Upgrades"). `difference` = the new tier's price less the current tier's
 * (each `tierPriceMinor`). Lifetime: the difference. Yearly or monthly: the difference × days left ÷ days of the
 * current term, rounded to a minor unit, at least 1; days are whole days, a started day counted; the current term
 * is the one ending at `expiresAt` (it began one term before). `termStart` is that beginning. A licence renewed early
 * has more days left than a term holds, and pays for all of them (the ratio is then above 1).
 */
export function upgradePriceMinor(input: { difference: number; term: PriceTerm; expiresAt: string | null; termStart: string | null; now: Date }): number {
  if (input.term === 'lifetime' || input.expiresAt === null || input.termStart === null) return input.difference;
  const end = Date.parse(input.expiresAt);
  const daysLeft = Math.ceil((end - input.now.getTime()) / DAY_MS);
  const termDays = Math.round((end - Date.parse(input.termStart)) / DAY_MS);
  if (termDays <= 0) return input.difference;
  return Math.max(1, Math.round((input.difference * Math.max(0, daysLeft)) / termDays));
}

/** The start of the term that ends at `endIso`: the same time one calendar month or year earlier, the day clamped (as `addTerm`). */
export function termStartOf(endIso: string, term: Exclude<PriceTerm, 'lifetime'>): string {
  const end = new Date(endIso);
  const months = term === 'year' ? 12 : 1;
  const target = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(end.getUTCDate(), lastDay));
  target.setUTCHours(end.getUTCHours(), end.getUTCMinutes(), end.getUTCSeconds(), end.getUTCMilliseconds());
  return target.toISOString();
}
