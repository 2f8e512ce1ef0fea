import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import type { TaxQuote } from '../../../common/tax.js';
import { findLatestTaxedOrderOfLicense, findOrderById } from '../orders/index.js';
import { computeTax, locationEvidence, readTaxSettings, type ComputedTax, type LocationEvidence } from '../tax/index.js';
import { orderTaxFields, withProviderTax } from './order-tax.js';

/** The licence a renewal or upgrade is for: its id and the order that sold it. */
export interface LicenseRef {
  id: number;
  order_id: number | null;
}

/** What the buyer gives on the renewal page (docs/tax.md "Renewals"); absent, the details on record. */
export interface RenewalBuyer {
  country?: string | undefined;
  state?: string | undefined;
  vat_number?: string | undefined;
  buyer_name?: string | undefined;
  buyer_address?: string | undefined;
}

/**
 * Tax is set up but the licence has no country on record (it was sold before) and none was given: the renewal page
 * asks for it; an automatic renewal charges nothing and e-mails the renewal link (docs/tax.md).
 */
export class CountryUnknownError extends AppError {}

/** The order whose buyer details a renewal uses: the licence's latest paid order with a country, else the sale. */
async function orderOnRecord(ctx: AppContext, license: LicenseRef) {
  const latest = await findLatestTaxedOrderOfLicense(ctx.db, license.id);
  return latest ?? (license.order_id === null ? undefined : await findOrderById(ctx.db, license.order_id));
}

/** The country and VAT number a renewal is taxed for: the buyer's, else those on record (a new country drops the old number). */
export async function buyerOnRecord(ctx: AppContext, license: LicenseRef, buyer: RenewalBuyer = {}) {
  const record = await orderOnRecord(ctx, license);
  return {
    record,
    country: buyer.country ?? record?.tax_country ?? undefined,
    state: buyer.country ? buyer.state : (buyer.state ?? record?.tax_region ?? undefined),
    vatNumber: buyer.country ? buyer.vat_number : (buyer.vat_number ?? record?.buyer_vat_number ?? undefined),
  };
}

/**
 * The tax of a renewal or upgrade of a licence (docs/tax.md "Renewals"): at today's rate of the buyer's country,
 * on what is paid (the renewal price after its discount, the upgrade's prorated difference), by Stripe Tax when
 * Stripe is the provider and Stripe Tax is on (as a new sale). The country and VAT number the buyer gives on the
 * renewal page win; an automatic renewal, with no buyer present, uses those on record. `ipCountry` is the
 * request's country when a buyer is present (the order's evidence), undefined for an automatic renewal (the
 * evidence on record is kept).
 */
export async function licenseTax(
  ctx: AppContext,
  license: LicenseRef,
  price: number,
  currency: string,
  buyer: RenewalBuyer = {},
  ipCountry?: string | null,
): Promise<{ tax: ComputedTax & { calculationRef?: string }; fields: ReturnType<typeof orderTaxFields> }> {
  const { record, country, state, vatNumber } = await buyerOnRecord(ctx, license, buyer);
  if (country === undefined && (await readTaxSettings(ctx.db)).seller_country !== null)
    throw new CountryUnknownError(
      'BAD_REQUEST',
      'country is required: this licence was sold before tax was set up, so choose the country you live in (or where your business is established)',
    );
  const tax = await withProviderTax(ctx, await computeTax(ctx, { price, currency, country, state, vatNumber }), price);
  const recorded = record?.tax_evidence ? (JSON.parse(record.tax_evidence) as LocationEvidence) : null;
  const evidence =
    ipCountry !== undefined || recorded === null
      ? locationEvidence(tax.country, ipCountry ?? null)
      : locationEvidence(tax.country, recorded.ip_country, recorded.card_country);
  const names = { buyer_name: buyer.buyer_name ?? record?.buyer_name ?? undefined, buyer_address: buyer.buyer_address ?? record?.buyer_address ?? undefined };
  return { tax, fields: orderTaxFields(tax, names, evidence) };
}

/** An offer's amount on the renewal page: the total with tax where it can be computed, else the price and why not. */
export async function licenseOfferTax(
  ctx: AppContext,
  license: LicenseRef,
  price: number,
  currency: string,
  buyer: RenewalBuyer,
): Promise<{ amount: number; tax: TaxQuote | null; problem: string | null }> {
  try {
    const { vatNumber: _vatNumber, calculationRef: _calculationRef, ...tax } = (await licenseTax(ctx, license, price, currency, buyer, null)).tax;
    return { amount: tax.total, tax: tax.treatment === 'none' ? null : tax, problem: null };
  } catch (error) {
    if (error instanceof AppError) return { amount: price, tax: null, problem: error.message };
    throw error;
  }
}

/**
 * The renewal page's buyer (docs/tax.md "Renewals"): the country and VAT number it sent, else those on record,
 * else the request's country (a prefill the buyer can change). `given` is what the offers are taxed for.
 */
export async function renewalTaxBuyer(ctx: AppContext, license: LicenseRef, buyer: RenewalBuyer, ipCountry: string | null) {
  const taxRequired = (await readTaxSettings(ctx.db)).seller_country !== null;
  const onRecord = await buyerOnRecord(ctx, license, buyer);
  const country = onRecord.country ?? ipCountry ?? undefined;
  return {
    given: { country, state: onRecord.state, vat_number: onRecord.vatNumber },
    view: {
      country: country ?? null,
      state: onRecord.state ?? null,
      vat_number: onRecord.vatNumber ?? null,
      detected_country: ipCountry,
      tax_required: taxRequired,
    },
  };
}
