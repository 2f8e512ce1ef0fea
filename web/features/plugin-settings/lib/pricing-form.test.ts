import { describe, expect, it } from 'vitest';
import type { AdminPlugin } from '@common/plugins';
import { previewPlugin, toPricingForm, toPricingPatch, type PricingForm } from './pricing-form';

const form = (overrides: Partial<PricingForm> = {}): PricingForm => ({
  price: '',
  discount_price: '',
  currency: 'GBP',
  price_display: '',
  discount_display: '',
  is_free: false,
  pricing_active: true,
  ...overrides,
});

describe('pricing form', () => {
  it('sends major units ×100 rounded: 49.995 → 5000', () => {
    expect(toPricingPatch(form({ price: '49.995', discount_price: '39.99' }))).toEqual({
      ok: true,
      patch: { price: 5000, discount_price: 3999, currency: 'GBP', is_free: false, pricing_active: true },
    });
    expect(toPricingPatch(form({ price: '0.1' }))).toMatchObject({ patch: { price: 10 } });
  });

  it('omits empty values', () => {
    const result = toPricingPatch(form({ price: '  ', discount_price: '', price_display: ' ', currency: 'EUR' }));
    expect(result).toEqual({ ok: true, patch: { currency: 'EUR', is_free: false, pricing_active: true } });
  });

  it('refuses amounts that are not numbers', () => {
    expect(toPricingPatch(form({ price: 'abc', discount_price: '-1' }))).toEqual({
      ok: false,
      errors: { price: 'Enter an amount such as 49.99', discount_price: 'Enter an amount such as 49.99' },
    });
  });

  it('fills the form from the saved plugin, and previews the typed values', () => {
    const plugin = {
      price: 4900,
      discount_price: null,
      currency: 'USD',
      price_display: null,
      discount_display: 'Sale',
      is_free: false,
      pricing_active: true,
    } as AdminPlugin;
    const filled = toPricingForm(plugin);
    expect(filled).toEqual({
      price: '49.00',
      discount_price: '',
      currency: 'USD',
      price_display: '',
      discount_display: 'Sale',
      is_free: false,
      pricing_active: true,
    });
    expect(previewPlugin({ ...filled, price: '12.345' })).toMatchObject({ price: 1235, discount_price: null, currency: 'USD' });
  });
});
