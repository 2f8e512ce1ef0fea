import type { BestMatch, PrecedenceResultItem, PricingSource, SuiteResultItem, VariationType } from '../../../common/postcode.js';
import { formatPence } from '../../../common/postcode.js';
import { applicableRules, evaluatePostcode, findBestMatch, type PostcodeEvaluation, type PostcodeIndex } from './postcode-engine.js';
import { parsePostcode } from './postcode-parse.js';

// The two suites of the Postcode Testing page: the engine against the expected results of the fixture.

interface ExpectedOutcome {
  allowed: boolean;
  free: boolean;
  base_cost: number;
  source: PricingSource;
  surcharge: number;
  total: number;
}

interface UserScenario {
  postcode: string;
  order_total: number;
  delivery_date: string | null;
  description: string;
  expected: ExpectedOutcome;
}

const WEDNESDAY = '2025-09-17';
const SATURDAY = '2025-09-20';
const allowed = (base: number, source: PricingSource, surcharge = 0, free = false): ExpectedOutcome => ({
  allowed: true,
  free,
  base_cost: base,
  source,
  surcharge,
  total: base + surcharge,
});
const refused = (source: PricingSource): ExpectedOutcome => ({ allowed: false, free: false, base_cost: 0, source, surcharge: 0, total: 0 });

export const USER_SCENARIOS: UserScenario[] = [
  {
    postcode: 'NE39 1AA',
    order_total: 25,
    delivery_date: null,
    description: 'Area rule with a sector pricing entry',
    expected: allowed(350, 'sector_pricing'),
  },
  {
    postcode: 'NE39 1AA',
    order_total: 100,
    delivery_date: null,
    description: 'Free delivery at an order total of £100',
    expected: allowed(0, 'sector_pricing', 0, true),
  },
  {
    postcode: 'NE39 1AA',
    order_total: 25,
    delivery_date: WEDNESDAY,
    description: 'Weekday surcharge (a Wednesday)',
    expected: allowed(350, 'sector_pricing', 150),
  },
  {
    postcode: 'NE39 1AA',
    order_total: 25,
    delivery_date: SATURDAY,
    description: 'Weekend surcharge (a Saturday)',
    expected: allowed(350, 'sector_pricing', 300),
  },
  { postcode: 'NE39 1AB', order_total: 25, delivery_date: null, description: 'Full postcode rule', expected: allowed(250, 'full_rule') },
  { postcode: 'NE16 6AA', order_total: 25, delivery_date: null, description: 'Sector rule', expected: allowed(650, 'sector_rule') },
  { postcode: 'NE16 4AA', order_total: 25, delivery_date: null, description: 'Area rule, price from sector pricing', expected: allowed(475, 'sector_pricing') },
  { postcode: 'NE39 2AA', order_total: 25, delivery_date: null, description: 'Sector blacklist', expected: refused('blocked') },
  { postcode: 'NE21 4AB', order_total: 25, delivery_date: null, description: 'Full rule inside a blacklisted district', expected: allowed(600, 'full_rule') },
  { postcode: 'NE21 4AA', order_total: 25, delivery_date: null, description: 'District blacklist', expected: refused('blocked') },
  {
    postcode: 'NE17 7AA',
    order_total: 25,
    delivery_date: null,
    description: 'Allow and blacklist at the same level: blacklist wins',
    expected: refused('blocked'),
  },
  { postcode: 'DH8 5AB', order_total: 25, delivery_date: null, description: 'Area letters rule', expected: allowed(800, 'area_rule') },
  { postcode: 'SR1 1AA', order_total: 25, delivery_date: null, description: 'No rule at any level: not allowed', expected: refused('not_allowed') },
  { postcode: 'INVALID', order_total: 25, delivery_date: null, description: 'Not a postcode: not valid, not allowed', expected: refused('invalid') },
];

const sourceLabel: Record<PricingSource, string> = {
  full_rule: 'full rule',
  sector_pricing: 'sector pricing',
  sector_rule: 'sector rule',
  area_rule: 'area rule',
  default: 'default price',
  blocked: 'blocked',
  not_allowed: 'no rule',
  invalid: 'invalid postcode',
};

function formatOutcome(outcome: ExpectedOutcome): string {
  if (!outcome.allowed) return `Not allowed (${sourceLabel[outcome.source]})`;
  const free = outcome.free ? ', free delivery' : '';
  return `Allowed${free}: base ${formatPence(outcome.base_cost)} (${sourceLabel[outcome.source]}) + surcharge ${formatPence(outcome.surcharge)} = ${formatPence(outcome.total)}`;
}

export function outcomeOf({ test_result, pricing_result }: PostcodeEvaluation): ExpectedOutcome {
  return {
    allowed: test_result.delivery_allowed,
    free: pricing_result.is_free_delivery,
    base_cost: pricing_result.base_cost,
    source: pricing_result.pricing_source,
    surcharge: pricing_result.surcharge,
    total: pricing_result.total_cost,
  };
}

export interface SuiteTotals<T> {
  total_tests: number;
  passed: number;
  failed: number;
  pass_rate: number;
  execution_time_ms: number;
  results: T[];
}

export const passRate = (passed: number, total: number): number => (total === 0 ? 0 : Math.round((passed / total) * 1000) / 10);

function totals<T>(results: T[], isPass: (item: T) => boolean, started: number): SuiteTotals<T> {
  const passed = results.filter(isPass).length;
  return {
    total_tests: results.length,
    passed,
    failed: results.length - passed,
    pass_rate: passRate(passed, results.length),
    execution_time_ms: Math.round((performance.now() - started) * 1000) / 1000,
    results,
  };
}

export function runUserScenarios(index: PostcodeIndex): SuiteTotals<SuiteResultItem> {
  const started = performance.now();
  const results = USER_SCENARIOS.map((scenario): SuiteResultItem => {
    const formattedExpected = formatOutcome(scenario.expected);
    const formattedActual = formatOutcome(outcomeOf(evaluatePostcode(index, scenario.postcode, scenario.order_total, scenario.delivery_date)));
    return {
      postcode: scenario.postcode,
      description: scenario.description,
      order_total: scenario.order_total,
      delivery_date: scenario.delivery_date,
      expected_match: formattedExpected === formattedActual,
      formatted_expected: formattedExpected,
      formatted_actual: formattedActual,
    };
  });
  return totals(results, (item) => item.expected_match, started);
}

interface PrecedenceScenario {
  name: string;
  description: string;
  postcode: string;
  expected: Pick<BestMatch, 'type' | 'matched_type' | 'matched_value'>;
}

const decidedBy = (type: BestMatch['type'], level: VariationType | null, value: string | null) => ({ type, matched_type: level, matched_value: value });

export const PRECEDENCE_SCENARIOS: PrecedenceScenario[] = [
  {
    name: 'Full postcode over district blacklist',
    description: 'NE21 4AB has a full rule inside the blacklisted district NE21: the full rule decides',
    postcode: 'NE21 4AB',
    expected: decidedBy('allow', 'full', 'NE21 4AB'),
  },
  {
    name: 'Sector blacklist over area rule',
    description: 'NE39 2AA: the sector blacklist NE39 2 is more specific than the area rule NE39',
    postcode: 'NE39 2AA',
    expected: decidedBy('blacklist', 'sector', 'NE39 2'),
  },
  {
    name: 'Blacklist wins at the same level',
    description: 'NE17 7AA: NE17 7 is both a sector rule and a sector blacklist entry',
    postcode: 'NE17 7AA',
    expected: decidedBy('blacklist', 'sector', 'NE17 7'),
  },
  {
    name: 'Sector rule over area rule',
    description: 'NE16 6AA: the sector rule NE16 6 is more specific than the area rule NE16',
    postcode: 'NE16 6AA',
    expected: decidedBy('allow', 'sector', 'NE16 6'),
  },
  {
    name: 'Full blacklist over area rule',
    description: 'NE16 5XY is blacklisted as a full postcode inside the allowed area NE16',
    postcode: 'NE16 5XY',
    expected: decidedBy('blacklist', 'full', 'NE16 5XY'),
  },
  {
    name: 'Outward code is not a prefix',
    description: 'NE16 4AA is not caught by the NE1 blacklist: outward codes match exactly',
    postcode: 'NE16 4AA',
    expected: decidedBy('allow', 'district', 'NE16'),
  },
  {
    name: 'District blacklist',
    description: 'NE1 1AA is caught by the NE1 blacklist',
    postcode: 'NE1 1AA',
    expected: decidedBy('blacklist', 'district', 'NE1'),
  },
  {
    name: 'Area letters as the last level',
    description: 'DH8 5AB has no district or sector rule: the area letters DH decide',
    postcode: 'DH8 5AB',
    expected: decidedBy('allow', 'area', 'DH'),
  },
];

const NO_MATCH: BestMatch = { type: 'none', blocked: false, price: null, matched_type: null, matched_value: null };

export function runPrecedenceSuite(index: PostcodeIndex): SuiteTotals<PrecedenceResultItem> {
  const started = performance.now();
  const results = PRECEDENCE_SCENARIOS.map((scenario): PrecedenceResultItem => {
    const parsed = parsePostcode(scenario.postcode);
    const bestMatch = parsed ? findBestMatch(index, parsed) : NO_MATCH;
    return {
      name: scenario.name,
      description: scenario.description,
      postcode: scenario.postcode,
      precedence_correct:
        bestMatch.type === scenario.expected.type &&
        bestMatch.matched_type === scenario.expected.matched_type &&
        bestMatch.matched_value === scenario.expected.matched_value,
      best_match: bestMatch,
      all_applicable_rules: parsed ? applicableRules(index, parsed) : [],
    };
  });
  return totals(results, (item) => item.precedence_correct, started);
}
