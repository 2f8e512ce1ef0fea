import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  discountPercent,
  effectivePriceMinor,
  formatMoney,
  hasValidDiscount,
  isPurchasable,
  majorToMinor,
  minorToMajorInput,
  priceDisplay,
  type PriceablePlugin,
} from './pricing';

const plugin = (overrides: Partial<PriceablePlugin & { active: boolean }> = {}) => ({
  active: true,
  is_free: false,
  pricing_active: true,
  currency: 'GBP',
  price: 4900,
  discount_price: null,
  price_display: null,
  discount_display: null,
  ...overrides,
});

describe('hasValidDiscount', () => {
  it.each([
    [4900, 3900, true],
    [4900, 4899, true],
    [4900, 4900, false],
    [4900, 5900, false],
    [4900, 0, false],
    [4900, -100, false],
    [4900, null, false],
    [null, 3900, false],
    [0, 0, false],
  ])('price %s, discount %s → %s', (price, discount, expected) => {
    expect(hasValidDiscount(price, discount)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it.each([
    [4900, 'GBP', '£49'],
    [9900, 'USD', '$99'],
    [2500, 'EUR', '€25'],
    [123456700, 'GBP', '£1,234,567'],
    [0, 'GBP', '£0'],
    // Pence are shown, never rounded away: a £39.50 price used to read £40 while £39.50 was charged.
    [3950, 'GBP', '£39.50'],
    [4999, 'GBP', '£49.99'],
    [1, 'GBP', '£0.01'],
    [3905, 'USD', '$39.05'],
    [123456789, 'EUR', '€1,234,567.89'],
  ])('%s %s → %s', (minor, currency, expected) => {
    expect(formatMoney(minor, currency)).toBe(expected);
  });

  it('shows exactly the amount charged (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (minor) => {
        expect(majorToMinor(formatMoney(minor, 'GBP').slice(1))).toBe(minor);
      }),
    );
  });
});

describe('discountPercent', () => {
  it('rounds to a whole percentage', () => {
    expect(discountPercent(4900, 3900)).toBe(20); // 20.4
    expect(discountPercent(9900, 4900)).toBe(51); // 50.5
    expect(discountPercent(3000, 2000)).toBe(33);
  });
});

describe('priceDisplay (docs/product-spec.md section 4)', () => {
  it('shows Free before anything else', () => {
    expect(priceDisplay(plugin({ is_free: true, pricing_active: false, price: null }))).toEqual({ kind: 'free', label: 'Free' });
  });

  it.each([
    ['inactive pricing', { pricing_active: false }],
    ['no price', { price: null }],
    ['a zero price', { price: 0 }],
  ])('shows Contact for pricing with %s', (_name, overrides) => {
    expect(priceDisplay(plugin(overrides))).toEqual({ kind: 'contact', label: 'Contact for pricing' });
  });

  it('shows the plain price in each currency', () => {
    expect(priceDisplay(plugin())).toEqual({ kind: 'price', label: '£49' });
    expect(priceDisplay(plugin({ currency: 'USD' }))).toEqual({ kind: 'price', label: '$49' });
    expect(priceDisplay(plugin({ currency: 'EUR', price: 9900 }))).toEqual({ kind: 'price', label: '€99' });
  });

  it('shows a valid discount with the original and the rounded percentage', () => {
    expect(priceDisplay(plugin({ discount_price: 3900 }))).toEqual({ kind: 'discounted', label: '£39', original: '£49', percentOff: 20 });
  });

  it('shows pence when a price has them', () => {
    expect(priceDisplay(plugin({ price: 3950 }))).toEqual({ kind: 'price', label: '£39.50' });
    expect(priceDisplay(plugin({ price: 4999, discount_price: 3950 }))).toEqual({ kind: 'discounted', label: '£39.50', original: '£49.99', percentOff: 21 });
  });

  it.each([4900, 5900, 0])('ignores a discount of %s on a £49 price', (discount_price) => {
    expect(priceDisplay(plugin({ discount_price }))).toEqual({ kind: 'price', label: '£49' });
  });

  it('uses the free-text display overrides when set', () => {
    expect(priceDisplay(plugin({ price_display: '£49 once', discount_price: 3900, discount_display: 'Now £39' }))).toEqual({
      kind: 'discounted',
      label: 'Now £39',
      original: '£49 once',
      percentOff: 20,
    });
    expect(priceDisplay(plugin({ price_display: '  ' }))).toEqual({ kind: 'price', label: '£49' });
  });
});

describe('effectivePriceMinor and isPurchasable', () => {
  it('charges the valid discount, else the price, 0 when free, null without an active price', () => {
    expect(effectivePriceMinor(plugin())).toBe(4900);
    expect(effectivePriceMinor(plugin({ discount_price: 3900 }))).toBe(3900);
    expect(effectivePriceMinor(plugin({ discount_price: 4900 }))).toBe(4900);
    expect(effectivePriceMinor(plugin({ is_free: true }))).toBe(0);
    expect(effectivePriceMinor(plugin({ pricing_active: false }))).toBeNull();
    expect(effectivePriceMinor(plugin({ price: null }))).toBeNull();
  });

  it('needs an active plugin, active pricing, a price or free, and a qualifying release', () => {
    expect(isPurchasable(plugin(), true)).toBe(true);
    expect(isPurchasable(plugin({ is_free: true, price: null }), true)).toBe(true);
    expect(isPurchasable(plugin(), false)).toBe(false);
    expect(isPurchasable(plugin({ active: false }), true)).toBe(false);
    expect(isPurchasable(plugin({ pricing_active: false }), true)).toBe(false);
    expect(isPurchasable(plugin({ price: null }), true)).toBe(false);
  });

  it('never charges more than the price nor less than one minor unit (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.option(fc.integer({ min: -10, max: 20_000_000 })), (price, discount_price) => {
        const amount = effectivePriceMinor(plugin({ price, discount_price }));
        expect(amount).not.toBeNull();
        expect(amount!).toBeLessThanOrEqual(price);
        expect(amount!).toBeGreaterThan(0);
      }),
    );
  });
});

describe('majorToMinor (docs/product-spec.md section 5)', () => {
  it.each([
    ['49.995', 5000],
    ['49.994', 4999],
    ['49', 4900],
    ['49.5', 4950],
    ['0.01', 1],
    ['.5', 50],
    ['  12.30 ', 1230],
    ['1,234.56', 123456],
    ['1.005', 101],
  ])('%s → %s', (input, expected) => {
    expect(majorToMinor(input)).toBe(expected);
  });

  it('answers undefined for empty input, so the field is omitted', () => {
    expect(majorToMinor('')).toBeUndefined();
    expect(majorToMinor('   ')).toBeUndefined();
  });

  it.each(['abc', '-5', '1e3', '.', '1.2.3', '£49'])('rejects %s', (input) => {
    expect(majorToMinor(input)).toBeNull();
  });

  it('round-trips every two-decimal amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (minor) => {
        expect(majorToMinor(minorToMajorInput(minor))).toBe(minor);
      }),
    );
  });
});
