import type { AdminPlugin, Currency } from '@common/plugins';
import type { PluginPatch } from '@common/plugin-admin';
import { majorToMinor, minorToMajorInput } from '@common/pricing';

/** The Pricing tab's form: amounts typed in major units with 2 decimals. */
export interface PricingForm {
  price: string;
  discount_price: string;
  currency: Currency;
  price_display: string;
  discount_display: string;
  is_free: boolean;
  pricing_active: boolean;
}

export function toPricingForm(plugin: AdminPlugin): PricingForm {
  return {
    price: minorToMajorInput(plugin.price),
    discount_price: minorToMajorInput(plugin.discount_price),
    currency: plugin.currency,
    price_display: plugin.price_display ?? '',
    discount_display: plugin.discount_display ?? '',
    is_free: plugin.is_free,
    pricing_active: plugin.pricing_active,
  };
}

export type PricingFormResult = { ok: true; patch: PluginPatch } | { ok: false; errors: Partial<Record<'price' | 'discount_price', string>> };

/**
 * The PATCH body: amounts rounded to 2 decimals and sent ×100 (49.995 → 5000); empty values are omitted
 * (docs/product-spec.md section 5), so an empty field keeps what the server holds.
 */
export function toPricingPatch(form: PricingForm): PricingFormResult {
  const errors: Partial<Record<'price' | 'discount_price', string>> = {};
  const patch: PluginPatch = { currency: form.currency, is_free: form.is_free, pricing_active: form.pricing_active };
  for (const field of ['price', 'discount_price'] as const) {
    const minor = majorToMinor(form[field]);
    if (minor === null) errors[field] = 'Enter an amount such as 49.99';
    else if (minor !== undefined) patch[field] = minor;
  }
  const priceDisplay = form.price_display.trim();
  const discountDisplay = form.discount_display.trim();
  if (priceDisplay) patch.price_display = priceDisplay;
  if (discountDisplay) patch.discount_display = discountDisplay;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, patch };
}

/** The preview reads the form as it is being typed; an amount that does not parse shows as no price. */
export function previewPlugin(form: PricingForm) {
  const amount = (text: string) => majorToMinor(text) ?? null;
  return {
    is_free: form.is_free,
    pricing_active: form.pricing_active,
    price: amount(form.price),
    discount_price: amount(form.discount_price),
    currency: form.currency,
    price_display: form.price_display,
    discount_display: form.discount_display,
  };
}
