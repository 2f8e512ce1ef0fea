import { describe, expect, it } from 'vitest';
import { couponCreateSchema, couponDiscountMinor, couponRuleProblem, normalizeCouponCode } from './coupons.js';

describe('coupons (common rules)', () => {
  it('rounds a percentage to the nearest minor unit and never takes more than the price', () => {
    expect(couponDiscountMinor({ kind: 'percent', value: 20 }, 4900)).toBe(980);
    expect(couponDiscountMinor({ kind: 'percent', value: 15 }, 3333)).toBe(500); // 499.95
    expect(couponDiscountMinor({ kind: 'percent', value: 100 }, 4900)).toBe(4900);
    expect(couponDiscountMinor({ kind: 'fixed', value: 500 }, 4900)).toBe(500);
    expect(couponDiscountMinor({ kind: 'fixed', value: 9000 }, 4900)).toBe(4900);
  });

  it('normalises codes to upper case and refuses what the rules forbid', () => {
    expect(normalizeCouponCode('  spring-20 ')).toBe('SPRING-20');
    expect(couponCreateSchema.parse({ code: 'spring-20', kind: 'percent', value: 20 })).toMatchObject({
      code: 'SPRING-20',
      for_new: true,
      for_renewals: false,
    });
    const base = { kind: 'percent', value: 10, currency: null, for_new: true, for_renewals: false, valid_from: null, valid_to: null } as const;
    expect(couponRuleProblem(base)).toBeNull();
    expect(couponRuleProblem({ ...base, value: 101 })?.path).toBe('value');
    expect(couponRuleProblem({ ...base, kind: 'fixed', value: 500 })?.path).toBe('currency');
    expect(couponRuleProblem({ ...base, for_new: false })?.path).toBe('for_new');
    expect(couponRuleProblem({ ...base, valid_from: '2026-12-02T00:00:00.000Z', valid_to: '2026-12-01T00:00:00.000Z' })?.path).toBe('valid_to');
  });
});
