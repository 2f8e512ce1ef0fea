import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { isEuCountry, REVERSE_CHARGE_NOTE, taxPlace, UK_REVERSE_CHARGE_NOTE, type TaxQuote, type TaxSettings } from '../../../common/tax.js';
import { readTaxSettings } from './tax-settings.repository.js';
import { isKnownCountry, standardRateBp } from './tax-rates.js';
import { checkVatNumber } from './vat-number.js';
import { usStateTax } from './us-sales-tax.js';

// The tax of a sale, computed by the server (docs/tax.md). The buyer's declared country decides the rate; a
// business with a valid VAT number of another country is reverse charged; where the vendor is not registered,
// the tax settings say whether to sell without tax or refuse.

export interface TaxInput {
  /** The price as the vendor entered it (after a coupon), minor units. */
  price: number;
  currency: string;
  country?: string | undefined;
  /** A US buyer's state (us-sales-tax.ts). */
  state?: string | undefined;
  vatNumber?: string | undefined;
}

export interface ComputedTax extends TaxQuote {
  /** The VAT number the order keeps (null without one). */
  vatNumber: string | null;
}

/** Is the vendor registered for tax on sales to consumers in `country`? Their own country always counts. */
export function isRegistered(settings: TaxSettings, country: string): boolean {
  return (
    country === settings.seller_country ||
    (isEuCountry(country) && settings.eu_oss) ||
    (country === 'GB' && settings.uk) ||
    settings.other_registrations.includes(country)
  );
}

/** Net, tax and total of `price` at `rateBp`: tax on top, or taken out of a price that includes it. Half-up rounding. */
export function splitPrice(price: number, rateBp: number, pricesIncludeTax: boolean): { net: number; tax: number; total: number } {
  if (pricesIncludeTax) {
    const net = Math.round((price * 10_000) / (10_000 + rateBp));
    return { net, tax: price - net, total: price };
  }
  const tax = Math.round((price * rateBp) / 10_000);
  return { net: price, tax, total: price + tax };
}

export async function computeTax(ctx: AppContext, input: TaxInput): Promise<ComputedTax> {
  const settings = await readTaxSettings(ctx.db);
  const { price, currency } = input;
  const untaxed = (treatment: 'none' | 'not_registered', country: string | null, note: string | null = null): ComputedTax => ({
    currency,
    net: price,
    tax: 0,
    total: price,
    rate_bp: 0,
    country,
    treatment,
    note,
    vatNumber: input.vatNumber ?? null,
  });
  if (settings.seller_country === null) return untaxed('none', input.country ?? null);
  const country = input.country;
  if (!country) throw new AppError('BAD_REQUEST', 'country is required: choose the country you live in (or where your business is established)');
  if (!isKnownCountry(country)) throw new AppError('BAD_REQUEST', `country ${country} is not a country code we know: choose your country from the list`);
  const us = usStateTax(settings, country, input.state);
  if (us ? !us.registered : !isRegistered(settings, country)) {
    const where = taxPlace(country, us?.region);
    if (settings.unregistered === 'refuse') throw new AppError('UNPROCESSABLE', `Sorry, we can't sell to buyers in ${where} yet.`);
    return { ...untaxed('not_registered', country), ...(us ? { region: us.region } : {}) };
  }
  const rateBp = us ? us.rateBp : standardRateBp(country, settings);
  let note: string | null = null;
  if (input.vatNumber) {
    const check = await checkVatNumber(ctx, input.vatNumber);
    if (check.status === 'invalid' && check.country === null) throw new AppError('BAD_REQUEST', `vat_number: ${check.reason}, or leave it empty`);
    if (check.country !== country)
      throw new AppError('BAD_REQUEST', `vat_number is a VAT number of ${check.country}, but the country chosen is ${country}: choose the same country`);
    const crossBorder = country !== settings.seller_country && (isEuCountry(country) || country === 'GB');
    if (check.status === 'valid' && crossBorder) {
      const { net } = splitPrice(price, rateBp, settings.prices_include_tax);
      return {
        currency,
        net,
        tax: 0,
        total: net,
        rate_bp: 0,
        country,
        treatment: 'reverse_charge',
        note: country === 'GB' ? UK_REVERSE_CHARGE_NOTE : REVERSE_CHARGE_NOTE,
        vatNumber: input.vatNumber,
      };
    }
    if (check.status === 'invalid') note = `${check.reason}, so VAT is charged. Check the number, or buy with VAT and reclaim it from your tax office.`;
    if (check.status === 'unverified')
      note = `${check.reason}, so VAT is charged. You can reclaim it through your VAT return, or write to us for a corrected invoice once ${country === 'GB' ? 'HMRC' : 'VIES'} confirms your number.`;
  }
  return {
    currency,
    ...splitPrice(price, rateBp, settings.prices_include_tax),
    rate_bp: rateBp,
    country,
    ...(us ? { region: us.region } : {}),
    treatment: 'standard',
    note,
    vatNumber: input.vatNumber ?? null,
  };
}

export interface LocationEvidence {
  declared: string | null;
  ip_country: string | null;
  card_country: string | null;
  /** confirmed: another piece agrees with the declared country; unconfirmed: none other known; conflict: they disagree. */
  status: 'confirmed' | 'unconfirmed' | 'conflict';
}

/**
 * The rule when the pieces disagree (docs/tax.md "Location evidence"): the declared country is charged and the
 * order keeps every piece. It is `confirmed` when the IP country or the card's country agrees with it, `conflict`
 * when the known pieces all differ (the vendor reviews these orders: the admin's order shows it), `unconfirmed`
 * when there is no other piece.
 */
export function locationEvidence(declared: string | null, ipCountry: string | null, cardCountry: string | null = null): LocationEvidence {
  const others = [ipCountry, cardCountry].filter((value): value is string => value !== null);
  const status = declared === null || others.length === 0 ? 'unconfirmed' : others.includes(declared) ? 'confirmed' : 'conflict';
  return { declared, ip_country: ipCountry, card_country: cardCountry, status };
}
