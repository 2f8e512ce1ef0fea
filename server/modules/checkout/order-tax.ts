import type { AppContext } from '../../kernel/context.js';
import { readTaxSettings, type ComputedTax, type LocationEvidence } from '../tax/index.js';

// The tax of a checkout's order (docs/tax.md): what the order keeps of it, and Stripe Tax's amounts when it is on.
// Shared by new sales (checkout.service.ts), renewals and upgrades (license-tax.ts).

/** What an order keeps of its tax (0060-tax, docs/tax.md). */
export const orderTaxFields = (
  tax: ComputedTax,
  buyer: { buyer_name?: string | undefined; buyer_address?: string | undefined },
  evidence: LocationEvidence,
) => ({
  net_amount: tax.net,
  tax_amount: tax.tax,
  tax_rate_bp: tax.rate_bp,
  tax_country: tax.country,
  tax_treatment: tax.treatment,
  buyer_vat_number: tax.vatNumber,
  buyer_name: buyer.buyer_name || null,
  buyer_address: buyer.buyer_address || null,
  tax_evidence: JSON.stringify(evidence),
  tax_evidence_status: evidence.status,
  tax_region: tax.region ?? null,
});

/**
 * With Stripe as the provider and Stripe Tax active on its account (decision 0014), a standard-rated sale's net, tax,
 * total and rate are Stripe Tax's, and the PaymentIntent names the calculation; otherwise the rates package's stand.
 */
export async function withProviderTax(ctx: AppContext, tax: ComputedTax, price: number): Promise<ComputedTax & { calculationRef?: string }> {
  // A US state's sales tax stays the package's: Stripe Tax would need the buyer's full address (docs/tax.md).
  if (tax.treatment !== 'standard' || tax.country === null || tax.region) return tax;
  const choice = ctx.payments.choose();
  if (!choice.available || !choice.provider.calculateTax) return tax;
  const { prices_include_tax: pricesIncludeTax } = await readTaxSettings(ctx.db);
  const provided = await choice.provider.calculateTax({ amount: price, currency: tax.currency, country: tax.country, pricesIncludeTax });
  if (!provided) return tax;
  return { ...tax, net: provided.net, tax: provided.tax, total: provided.total, rate_bp: provided.rateBp, calculationRef: provided.calculationRef };
}
