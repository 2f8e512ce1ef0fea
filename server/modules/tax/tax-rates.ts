import { createRequire } from 'node:module';
import type { TaxSettings } from '../../../common/tax.js';

// Where rates come from without Stripe Tax (decision 0014): the `sales-tax` package's table (kept up to date by its
// maintainers, with past rates; updated with `npm update sales-tax`), under the vendor's own overrides in the tax
// settings. No rate is written in this code.
interface PackageRate {
  type: string;
  currency: string;
  rate: number;
  /** States or provinces with their own rate (the US's sales tax by state). */
  states?: Record<string, { rate: number; type: string }>;
}
const table = createRequire(import.meta.url)('sales-tax/res/sales_tax_rates.json') as Record<string, PackageRate>;

/** Is this a country the rates table knows (ISO 3166-1 alpha-2)? */
export const isKnownCountry = (country: string): boolean => Object.hasOwn(table, country);

/** The standard rate for digital services sold to a consumer in `country`, in basis points (1900 = 19 %). */
export function standardRateBp(country: string, settings: Pick<TaxSettings, 'rate_overrides'>): number {
  const override = settings.rate_overrides[country];
  if (override !== undefined) return Math.round(override * 100);
  const entry = table[country];
  return entry ? Math.round(entry.rate * 10_000) : 0;
}

/** The states the rates table knows for `country` (the US: its states and DC), sorted; empty for most countries. */
export const knownStates = (country: string): string[] => Object.keys(table[country]?.states ?? {}).sort();

/** A state's sales tax rate in basis points on top of its country's (0 for the US), from the package. */
export function stateRateBp(country: string, state: string): number {
  const entry = table[country];
  return Math.round(((entry?.rate ?? 0) + (entry?.states?.[state]?.rate ?? 0)) * 10_000);
}
