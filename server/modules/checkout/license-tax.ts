import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { findOrderById } from '../orders/index.js';
import { computeTax, locationEvidence, type ComputedTax } from '../tax/index.js';
import { orderTaxFields } from './order-creation.js';

/**
 * The tax of a renewal or upgrade of a licence (docs/tax.md "Renewals"): at today's rate of the buyer's country,
 * on what is paid (the renewal price after its discount, the upgrade's prorated difference). The country and VAT
 * number the buyer gives on the renewal page win; an automatic renewal, with no buyer present, uses those of the
 * order that sold the licence (or saved the card).
 */
export async function licenseTax(
  ctx: AppContext,
  orderId: number | null,
  price: number,
  currency: string,
  buyer: { country?: string | undefined; vat_number?: string | undefined } = {},
): Promise<{ tax: ComputedTax; fields: ReturnType<typeof orderTaxFields> }> {
  const first = orderId === null ? undefined : await findOrderById(ctx.db, orderId);
  const country = buyer.country ?? first?.tax_country ?? undefined;
  const vatNumber = buyer.country ? buyer.vat_number : (buyer.vat_number ?? first?.buyer_vat_number ?? undefined);
  const tax = await computeTax(ctx, { price, currency, country, vatNumber });
  const evidence = first?.tax_evidence ? { ...(JSON.parse(first.tax_evidence) as object), declared: tax.country } : locationEvidence(tax.country, null);
  const names = { buyer_name: first?.buyer_name ?? undefined, buyer_address: first?.buyer_address ?? undefined };
  return { tax, fields: orderTaxFields(tax, names, evidence as ReturnType<typeof locationEvidence>) };
}

/** The total the renewal page shows: with tax where the country is known, else the price (the intent then asks for it). */
export async function licenseTotal(ctx: AppContext, orderId: number | null, price: number, currency: string, country?: string): Promise<number> {
  try {
    return (await licenseTax(ctx, orderId, price, currency, { country })).tax.total;
  } catch (error) {
    if (error instanceof AppError) return price;
    throw error;
  }
}
