// The vendor's terms (issue 40; docs/storefront.md, "The vendor's terms"): the refund window, the support promise,
// the licence key prefix and the buyer-facing spelling, stored with the store identity (common/store-identity.ts),
// and every buyer-facing text derived from them and from the tier an order bought. The specification's fixed texts
// ("30-day money-back guarantee", "within 24 hours", "8022-", "up to 3 websites") are the demo shop's values of
// these settings (server/db/seed.ts), not texts of the source. Pure functions, no zod: storefront chunks import it.

export const SPELLINGS = ['british', 'american'] as const;
export type Spelling = (typeof SPELLINGS)[number];

/** What the texts below read of the store's settings. */
export interface StoreTerms {
  /** Days a buyer may ask for a full refund; 0: no guarantee is promised anywhere. */
  refund_days: number;
  /** How soon support answers, e.g. "within one working day"; '' promises nothing. */
  support_promise: string;
  /** The first group of new licence keys (1 to 8 of A-Z, 0-9), or '' for keys of five random groups. */
  license_key_prefix: string;
  /** "licence" (British) or "license" (American) wherever a buyer reads the word. */
  spelling: Spelling;
}

export const MAX_REFUND_DAYS = 365;
export const MAX_SUPPORT_PROMISE = 80;
export const LICENSE_KEY_PREFIX_PATTERN = /^[A-Z0-9]{1,8}$/;

/** A price tier as a buyer reads it (common/prices.ts). */
export interface TierTerms {
  name?: string;
  term: 'lifetime' | 'year' | 'month';
  sites: number | null;
}

/** "licence" or "license"; `capital` for the start of a sentence or a label. */
export function licenceWord(spelling: Spelling, capital = false): string {
  const word = spelling === 'american' ? 'license' : 'licence';
  return capital ? `L${word.slice(1)}` : word;
}

/**
 * A text written with the British word in the shop's spelling: under American spelling "licence(s)" and "Licence(s)"
 * read "license(s)" (the product's own default wordings, such as the renewal reminders', are written British).
 */
export function spellLicence(text: string, spelling: Spelling): string {
  return spelling === 'american' ? text.replace(/\b([Ll])icence(s?)\b/g, '$1icense$2') : text;
}

/**
 * A wording the vendor may replace (a Setting): its default is put in the shop's spelling, the vendor's own words
 * are theirs and stay as written.
 */
export function spellDefaultWording(text: string, defaults: readonly string[], spelling: Spelling): string {
  return defaults.includes(text) ? spellLicence(text, spelling) : text;
}

/** "30-day money-back guarantee", or null when the vendor promises no refund window. */
export function refundGuarantee(terms: Pick<StoreTerms, 'refund_days'>): string | null {
  return terms.refund_days > 0 ? `${terms.refund_days}-day money-back guarantee` : null;
}

/** The landing's explanation of the guarantee, or null without one. */
export function refundSentence(terms: Pick<StoreTerms, 'refund_days'>): string | null {
  const days = terms.refund_days;
  return days > 0 ? `Not the right fit? Ask for a full refund within ${days} day${days === 1 ? '' : 's'} of purchase.` : null;
}

/** "Get a response within 24 hours." for the Support page, or a neutral line without a promise. */
export function supportResponseSentence(terms: Pick<StoreTerms, 'support_promise'>): string {
  return terms.support_promise ? `Get a response ${terms.support_promise}.` : 'Write to us and we will help you.';
}

/** "and we will answer within 24 hours" after "Write to {address}", or '' without a promise. */
export function supportAnswerClause(terms: Pick<StoreTerms, 'support_promise'>): string {
  return terms.support_promise ? ` and we will answer ${terms.support_promise}` : '';
}

/** "1 website", "up to 5 websites" or "unlimited websites". */
export function sitesText(sites: number | null): string {
  if (sites === null) return 'unlimited websites';
  return sites === 1 ? '1 website' : `up to ${sites} websites`;
}

const TERM_ADJECTIVE = { lifetime: 'Lifetime', year: 'Yearly', month: 'Monthly' } as const;
const TERM_NOUN = { lifetime: 'lifetime', year: 'year', month: 'month' } as const;

/** "Lifetime licence, up to 3 websites" / "Yearly license, 1 website": the term and sites of a tier. */
export function tierCoverText(tier: TierTerms, spelling: Spelling): string {
  return `${TERM_ADJECTIVE[tier.term]} ${licenceWord(spelling)}, ${sitesText(tier.sites)}`;
}

/** 28 November 2027 (UTC). */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * What updates the tier includes: "Lifetime updates" only for a lifetime tier; "Updates until 28 November 2027,
 * renewable" once the licence's expiry is known, "Updates for a year, renewable" before.
 */
export function updatesText(term: TierTerms['term'], expiresAt?: string | null): string {
  if (term === 'lifetime') return 'Lifetime updates';
  return expiresAt ? `Updates until ${longDate(expiresAt)}, renewable` : `Updates for a ${TERM_NOUN[term]}, renewable`;
}

/** The sites of every tier a shop sells, as one phrase: "up to 3 websites", "1 to 5 websites or unlimited". */
export function sitesRangeText(tiers: readonly Pick<TierTerms, 'sites'>[]): string | null {
  if (tiers.length === 0) return null;
  const counted = tiers.map((tier) => tier.sites).filter((sites): sites is number => sites !== null);
  const unlimited = counted.length < tiers.length;
  if (counted.length === 0) return 'unlimited websites';
  const low = Math.min(...counted);
  const high = Math.max(...counted);
  const range = low === high ? sitesText(high) : `${low} to ${high} websites`;
  return unlimited ? `${range} or unlimited` : range;
}

export interface ValuePoint {
  title: string;
  text: string;
}

/**
 * The landing's value points, from the tiers on sale and the vendor's terms. The demo shop (one lifetime tier of
 * 3 sites, 30 days) reads as docs/product-spec.md section 9 has it; a shop without a refund window promises none.
 */
export function landingValuePoints(tiers: readonly TierTerms[], terms: StoreTerms): ValuePoint[] {
  const word = licenceWord(terms.spelling);
  const sites = sitesRangeText(tiers);
  const lifetime = tiers.some((tier) => tier.term === 'lifetime');
  const renewable = tiers.some((tier) => tier.term !== 'lifetime');
  const points: ValuePoint[] = [];
  if (!sites)
    points.push({ title: `${licenceWord(terms.spelling, true)} key by e-mail`, text: `Pay securely by card and receive your ${word} key by e-mail.` });
  else if (!renewable) points.push({ title: 'One-time payment', text: `Pay once and use your plugin for good: each ${word} covers ${sites}.` });
  else points.push({ title: 'Choose your plan', text: `Each ${word} covers ${sites}${lifetime ? ', paid once or by the term' : ', renewed by the term'}.` });
  if (lifetime && !renewable) points.push({ title: 'Lifetime updates', text: 'Signed updates delivered straight to your WordPress dashboard, for life.' });
  else if (lifetime)
    points.push({
      title: 'Signed updates',
      text: `Signed updates delivered straight to your WordPress dashboard: for life with a lifetime ${word}, for its term otherwise.`,
    });
  else if (renewable)
    points.push({
      title: 'Signed updates',
      text: `Signed updates delivered straight to your WordPress dashboard while your ${word} is current; renew to keep them.`,
    });
  const guarantee = refundGuarantee(terms);
  const refund = refundSentence(terms);
  if (guarantee && refund) points.push({ title: guarantee, text: refund });
  else if (terms.support_promise) points.push({ title: 'Support', text: `Questions about a plugin? We answer ${terms.support_promise}.` });
  return points;
}

/** The catalogue's lead: what a licence covers across the tiers on sale, or a neutral line before any. */
export function catalogIntroText(tiers: readonly TierTerms[], terms: StoreTerms): string {
  const sites = sitesRangeText(tiers);
  if (!sites) return 'Professional WordPress plugins.';
  const lifetimeOnly = tiers.every((tier) => tier.term === 'lifetime');
  return `Professional WordPress plugins, each with a ${lifetimeOnly ? 'one-time ' : ''}${licenceWord(terms.spelling)} for ${sites}.`;
}

/** The points under Purchase Now and beside the checkout's total, for the tier chosen. */
export function purchasePoints(tier: TierTerms, terms: StoreTerms): string[] {
  const use = tier.sites === null ? 'Use on unlimited websites' : tier.sites === 1 ? 'Use on 1 website' : `Use on up to ${tier.sites} websites`;
  const guarantee = refundGuarantee(terms);
  return [use, updatesText(tier.term), ...(guarantee ? [guarantee] : []), `${licenceWord(terms.spelling, true)} key by e-mail`];
}
