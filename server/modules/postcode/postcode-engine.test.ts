import { describe, expect, it } from 'vitest';
import { buildIndex, dateSurcharge, evaluatePostcode } from './postcode-engine.js';
import { FIXTURE_RULES, FIXTURE_SECTOR_PRICING, FIXTURE_SETTINGS } from './postcode-fixture.js';

describe('postcode engine', () => {
  const index = buildIndex(FIXTURE_RULES, FIXTURE_SECTOR_PRICING, FIXTURE_SETTINGS);

  it('computes the surcharge on the calendar date in UTC', () => {
    // 23:30 on Friday 19 September 2025 at UTC-2 is Saturday in UTC.
    expect(dateSurcharge(FIXTURE_SETTINGS, '2025-09-19T23:30:00-02:00')).toBe(300);
    expect(dateSurcharge(FIXTURE_SETTINGS, '2025-09-19')).toBe(150);
    expect(dateSurcharge(FIXTURE_SETTINGS, '2025-09-21')).toBe(400);
    expect(dateSurcharge(FIXTURE_SETTINGS, null)).toBe(0);
  });

  it('allows unmatched postcodes at the default price when the setting says so', () => {
    const open = buildIndex(FIXTURE_RULES, FIXTURE_SECTOR_PRICING, { ...FIXTURE_SETTINGS, allow_without_rule: true, default_price: 999 });
    const { test_result, pricing_result } = evaluatePostcode(open, 'SR1 1AA', 25);
    expect(test_result.delivery_allowed).toBe(true);
    expect(pricing_result).toMatchObject({ base_cost: 999, pricing_source: 'default', total_cost: 999 });
  });

  it('reports stored values that can never match instead of using them', () => {
    const odd = buildIndex(
      [
        { kind: 'sector', value: 'NE39', price: 1 },
        { kind: 'area', value: 'nonsense!', price: 1 },
        { kind: 'full', value: 'NE39 1AA', price: 1 },
      ],
      [{ sector: 'NE39', price: 5 }],
      FIXTURE_SETTINGS,
    );
    expect(odd.invalidValues).toEqual(['sector NE39', 'area nonsense!', 'sector pricing NE39']);
    expect(odd.allow.full.get('NE39 1AA')).toBe(1);
  });

  it('leaves the surcharge off a blocked postcode', () => {
    expect(evaluatePostcode(index, 'NE1 1AA', 25, '2025-09-20').pricing_result).toMatchObject({ surcharge: 0, total_cost: 0, pricing_source: 'blocked' });
  });

  it('shapes an invalid postcode as a result, not an error', () => {
    const { test_result } = evaluatePostcode(index, 'not a postcode', 25);
    expect(test_result).toMatchObject({ is_valid: false, delivery_allowed: false, normalized_data: null, variations: [], best_match: { type: 'none' } });
  });
});
