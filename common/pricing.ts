import type { Currency } from './plugins.js';

// Pricing rules shared by the storefront, checkout and the admin pricing preview (docs/product-spec.md sections 4, 5, 9;
// docs/checkout.md). Money is integer minor units everywhere; whole amounts show without decimals, others with 2.
// Pure functions and no runtime imports, so the storefront's page chunks stay small (no zod in the browser).

export const CURRENCY_SYMBOLS: Record<Currency, string> = { GBP: '£', USD: '$', EUR: '€' };

/** Only what the price rules read; `active` and the display overrides are optional for callers. */
export interface PriceablePlugin {
  is_free: boolean;
  pricing_active: boolean;
  price: number | null;
  discount_price: number | null;
  currency: string;
  active?: boolean;
  price_display?: string | null;
  discount_display?: string | null;
}

const isPositiveInteger = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** A discount counts only when it is above zero and below the price (docs/product-spec.md section 4). */
export function hasValidDiscount(price: number | null | undefined, discountPrice: number | null | undefined): boolean {
  return isPositiveInteger(price) && isPositiveInteger(discountPrice) && discountPrice < price;
}

/** Percentage off, rounded to a whole number. */
export function discountPercent(price: number, discountPrice: number): number {
  if (price <= 0) return 0;
  return Math.round(((price - discountPrice) / price) * 100);
}

/**
 * Money as shown everywhere: symbol and minor units divided by 100, with no decimals for a whole amount (spec
 * section 9: £49) and exactly 2 otherwise (£39.50), so a page never shows a figure other than the one charged.
 */
export function formatMoney(minor: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency as Currency];
  const decimals = minor % 100 === 0 ? 0 : 2;
  const major = (minor / 100).toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return symbol ? `${symbol}${major}` : `${currency} ${major}`;
}

/**
 * What a buyer pays, in minor units: 0 for a free plugin, the valid discount or the price otherwise;
 * null when the plugin has no active price (it cannot be bought by price).
 */
export function effectivePriceMinor(plugin: PriceablePlugin): number | null {
  if (plugin.is_free) return 0;
  if (!plugin.pricing_active || !isPositiveInteger(plugin.price)) return null;
  return hasValidDiscount(plugin.price, plugin.discount_price) ? (plugin.discount_price as number) : plugin.price;
}

/**
 * Purchasable (docs/checkout.md): the plugin is active, its pricing is active, it has a price or is free,
 * and it has a qualifying release.
 */
export function isPurchasable(plugin: PriceablePlugin & { active: boolean }, hasQualifyingRelease: boolean): boolean {
  return plugin.active && plugin.pricing_active && effectivePriceMinor(plugin) !== null && hasQualifyingRelease;
}

export type PriceDisplay =
  | { kind: 'free'; label: 'Free' }
  | { kind: 'contact'; label: 'Contact for pricing' }
  | { kind: 'price'; label: string }
  | { kind: 'discounted'; label: string; original: string; percentOff: number };

const customLabel = (text: string | null | undefined): string | undefined => text?.trim() || undefined;

/**
 * The catalogue price display (docs/product-spec.md section 4): 'Free'; 'Contact for pricing' when pricing is inactive or
 * there is no price; a valid discount shows the discounted price, the original struck through and the
 * rounded percentage off. The free-text price_display / discount_display, when set, replace the formatted amounts.
 */
export function priceDisplay(plugin: PriceablePlugin): PriceDisplay {
  if (plugin.is_free) return { kind: 'free', label: 'Free' };
  if (!plugin.pricing_active || !isPositiveInteger(plugin.price)) return { kind: 'contact', label: 'Contact for pricing' };
  const original = customLabel(plugin.price_display) ?? formatMoney(plugin.price, plugin.currency);
  if (hasValidDiscount(plugin.price, plugin.discount_price)) {
    const discount = plugin.discount_price as number;
    return {
      kind: 'discounted',
      label: customLabel(plugin.discount_display) ?? formatMoney(discount, plugin.currency),
      original,
      percentOff: discountPercent(plugin.price, discount),
    };
  }
  return { kind: 'price', label: original };
}

const MAJOR_AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * A price typed in major units → minor units, rounded half up to 2 decimals on the decimal text itself
 * (so 49.995 → 5000, which floating point would turn into 4999). Empty → undefined (the field is omitted);
 * anything that is not a non-negative decimal number → null.
 */
export function majorToMinor(input: string): number | null | undefined {
  const text = input.trim().replace(/,/g, '');
  if (text === '') return undefined;
  const match = MAJOR_AMOUNT.exec(text);
  if (!match || (match[1] === '' && !match[2])) return null;
  const whole = Number(match[1] || '0');
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const minor = whole * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units → the text a major-units input shows (4900 → '49.00'); null → ''. */
export function minorToMajorInput(minor: number | null | undefined): string {
  return typeof minor === 'number' ? (minor / 100).toFixed(2) : '';
}

/** What a buyer pays for a new licence of a price tier (common/prices.ts): the sale amount when it counts (above 0, below amount). */
export function tierPriceMinor(price: { amount: number; sale_amount: number | null }): number {
  return price.sale_amount !== null && price.sale_amount > 0 && price.sale_amount < price.amount ? price.sale_amount : price.amount;
}

// The term without the word "licence": the sentence names it once, in the specification's words ("domain license"),
// so a yearly tier never reads "Yearly licence, 1 domain license" (issue 40).
const TERM_TEXT = { lifetime: 'One-time purchase', year: 'Yearly plan', month: 'Monthly plan' } as const;

/**
 * How a tier describes itself on the plugin page, in the specification's style: the seeded tier (lifetime, 3 sites)
 * reads exactly 'One-time purchase, 3 domain license' (docs/product-spec.md section 2); a yearly one of 5 sites
 * "Yearly plan, 5 domain license".
 */
export function tierSummary(price: { term: keyof typeof TERM_TEXT; sites: number | null }): string {
  return `${TERM_TEXT[price.term]}, ${price.sites === null ? 'unlimited' : price.sites} domain license`;
}
