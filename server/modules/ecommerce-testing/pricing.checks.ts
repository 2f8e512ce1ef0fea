import type { EcommerceTestResult } from '../../../common/ecommerce-testing.js';
import { formatPence, type PricingSource } from '../../../common/postcode.js';
import { result, runChecks, type Check, type SuiteDeps } from './ecommerce-check.js';
import { WEEKDAY_RANGE, WEEKEND_RANGE } from './feature-status.checks.js';

// A fixed week (UTC): Monday 15 to Sunday 21 September 2025.
const WEEK = [
  ['Monday', '2025-09-15'],
  ['Tuesday', '2025-09-16'],
  ['Wednesday', '2025-09-17'],
  ['Thursday', '2025-09-18'],
  ['Friday', '2025-09-19'],
  ['Saturday', '2025-09-20'],
  ['Sunday', '2025-09-21'],
] as const;

export function shippingChecks(deps: SuiteDeps): Promise<EcommerceTestResult[]> {
  const postcode = 'NE39 1AA';
  return runChecks([
    [
      'No delivery date: no surcharge',
      () => {
        const { pricing_result: p } = deps.evaluate(postcode, 25);
        return p.surcharge === 0 && p.total_cost === p.base_cost
          ? result('No delivery date: no surcharge', 'pass', `${postcode}: shipping ${formatPence(p.total_cost)}`, { pricing: p })
          : result('No delivery date: no surcharge', 'fail', `Expected no surcharge, got ${formatPence(p.surcharge)}`, { pricing: p });
      },
    ],
    ...WEEK.map(([day, date], position): [string, Check] => {
      const name = `${day} delivery (${date})`;
      const isWeekend = position >= 5;
      const range = isWeekend ? WEEKEND_RANGE : WEEKDAY_RANGE;
      return [
        name,
        () => {
          const { pricing_result: p } = deps.evaluate(postcode, 25, date);
          const details = { date, base_cost: p.base_cost, surcharge: p.surcharge, total_cost: p.total_cost, expected_range: range };
          if (p.total_cost !== p.base_cost + p.surcharge) {
            return result(name, 'fail', `Checkout amount ${formatPence(p.total_cost)} is not base plus surcharge`, details);
          }
          const amount = `${formatPence(p.base_cost)} + ${formatPence(p.surcharge)} = ${formatPence(p.total_cost)}`;
          if (p.surcharge < range.min || p.surcharge > range.max) {
            return result(
              name,
              'warning',
              `${amount}: surcharge outside the expected ${isWeekend ? 'weekend' : 'weekday'} range ${formatPence(range.min)}–${formatPence(range.max)}`,
              details,
            );
          }
          return result(name, 'pass', amount, details);
        },
      ];
    }),
  ]);
}

interface PriceExpectation {
  name: string;
  postcode: string;
  order_total: number;
  date?: string;
  base_cost: number;
  surcharge: number;
  is_free: boolean;
  source: PricingSource;
}

function priceCheck(deps: SuiteDeps, expected: PriceExpectation): [string, Check] {
  return [
    expected.name,
    () => {
      const { pricing_result: p } = deps.evaluate(expected.postcode, expected.order_total, expected.date);
      const actual = { base_cost: p.base_cost, surcharge: p.surcharge, is_free: p.is_free_delivery, source: p.pricing_source, total_cost: p.total_cost };
      const want = {
        base_cost: expected.base_cost,
        surcharge: expected.surcharge,
        is_free: expected.is_free,
        source: expected.source,
        total_cost: expected.base_cost + expected.surcharge,
      };
      const details = { postcode: expected.postcode, order_total: expected.order_total, expected: want, actual };
      const matches = JSON.stringify(actual) === JSON.stringify(want);
      return matches
        ? result(expected.name, 'pass', `${expected.postcode} at £${expected.order_total}: ${formatPence(p.total_cost)} (${p.pricing_source})`, details)
        : result(
            expected.name,
            'fail',
            `${expected.postcode} at £${expected.order_total}: expected ${formatPence(want.total_cost)} (${want.source}), got ${formatPence(p.total_cost)} (${p.pricing_source})`,
            details,
          );
    },
  ];
}

export function pricingChecks(deps: SuiteDeps): Promise<EcommerceTestResult[]> {
  const threshold = deps.index().settings.free_delivery_threshold;
  if (threshold == null) return Promise.resolve([result('Free delivery threshold', 'warning', 'No free delivery threshold is set')]);
  const atThreshold = threshold / 100;
  return runChecks([
    priceCheck(deps, {
      name: 'Just below the threshold pays delivery',
      postcode: 'NE39 1AA',
      order_total: atThreshold - 0.01,
      base_cost: 350,
      surcharge: 0,
      is_free: false,
      source: 'sector_pricing',
    }),
    priceCheck(deps, {
      name: 'Exactly the threshold is free (inclusive)',
      postcode: 'NE39 1AA',
      order_total: atThreshold,
      base_cost: 0,
      surcharge: 0,
      is_free: true,
      source: 'sector_pricing',
    }),
    priceCheck(deps, {
      name: 'Free delivery keeps the date surcharge',
      postcode: 'NE39 1AA',
      order_total: 100,
      date: '2025-09-20',
      base_cost: 0,
      surcharge: 300,
      is_free: true,
      source: 'sector_pricing',
    }),
    priceCheck(deps, {
      name: 'Sector pricing beats the area rule',
      postcode: 'NE39 1AA',
      order_total: 25,
      base_cost: 350,
      surcharge: 0,
      is_free: false,
      source: 'sector_pricing',
    }),
    priceCheck(deps, {
      name: 'Full rule beats sector pricing',
      postcode: 'NE39 1AB',
      order_total: 25,
      base_cost: 250,
      surcharge: 0,
      is_free: false,
      source: 'full_rule',
    }),
    priceCheck(deps, {
      name: 'Sector pricing inside an allowed area',
      postcode: 'NE16 4AA',
      order_total: 25,
      base_cost: 475,
      surcharge: 0,
      is_free: false,
      source: 'sector_pricing',
    }),
    priceCheck(deps, {
      name: 'Sector rule without sector pricing',
      postcode: 'NE16 6AA',
      order_total: 25,
      base_cost: 650,
      surcharge: 0,
      is_free: false,
      source: 'sector_rule',
    }),
  ]);
}
