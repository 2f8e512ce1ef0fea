import type {
  ApplicableRule,
  BestMatch,
  NormalizedPostcode,
  PostcodeTestResult,
  PricingResult,
  PricingSource,
  VariationType,
} from '../../../common/postcode.js';
import { classifyRuleValue, parsePostcode, variationsOf } from './postcode-parse.js';

// The pure engine: no I/O. The service builds an index from the stored rules and calls evaluatePostcode.

export type RuleKind = 'area' | 'sector' | 'full' | 'blacklist';

export interface PostcodeRule {
  kind: RuleKind;
  value: string;
  price: number | null;
}

export interface SectorPricingEntry {
  sector: string;
  price: number;
}

/** Engine settings; amounts in pence. */
export interface EngineSettings {
  free_delivery_threshold: number | null;
  allow_without_rule: boolean;
  default_price: number;
  weekday_surcharge: number;
  saturday_surcharge: number;
  sunday_surcharge: number;
}

export interface PostcodeIndex {
  allow: Record<VariationType, Map<string, number | null>>;
  blacklist: Record<VariationType, Set<string>>;
  sectorPricing: Map<string, number>;
  settings: EngineSettings;
  /** Stored values that are no postcode shape; they can never match and are reported by the suites. */
  invalidValues: string[];
}

export interface PostcodeEvaluation {
  test_result: PostcodeTestResult;
  pricing_result: PricingResult;
}

const levels = (): Record<VariationType, Map<string, number | null>> => ({ full: new Map(), sector: new Map(), district: new Map(), area: new Map() });
const levelSets = (): Record<VariationType, Set<string>> => ({ full: new Set(), sector: new Set(), district: new Set(), area: new Set() });

// A delivery rule's kind says where it was entered; its value's shape says the level it matches at.
const allowedLevels: Record<Exclude<RuleKind, 'blacklist'>, VariationType[]> = {
  full: ['full'],
  sector: ['sector'],
  area: ['district', 'area'],
};

export function buildIndex(rules: PostcodeRule[], sectorPricing: SectorPricingEntry[], settings: EngineSettings): PostcodeIndex {
  const index: PostcodeIndex = { allow: levels(), blacklist: levelSets(), sectorPricing: new Map(), settings, invalidValues: [] };
  for (const rule of rules) {
    const classified = classifyRuleValue(rule.value);
    if (!classified || (rule.kind !== 'blacklist' && !allowedLevels[rule.kind].includes(classified.level))) {
      index.invalidValues.push(`${rule.kind} ${rule.value}`);
      continue;
    }
    if (rule.kind === 'blacklist') index.blacklist[classified.level].add(classified.value);
    else index.allow[classified.level].set(classified.value, rule.price);
  }
  for (const entry of sectorPricing) {
    const classified = classifyRuleValue(entry.sector);
    if (classified?.level === 'sector') index.sectorPricing.set(classified.value, entry.price);
    else index.invalidValues.push(`sector pricing ${entry.sector}`);
  }
  return index;
}

const NO_MATCH: BestMatch = { type: 'none', blocked: false, price: null, matched_type: null, matched_value: null };

function matchAt(index: PostcodeIndex, level: VariationType, value: string): BestMatch | null {
  if (index.blacklist[level].has(value)) return { type: 'blacklist', blocked: true, price: null, matched_type: level, matched_value: value };
  const allow = index.allow[level];
  const price = allow.get(value);
  if (price !== undefined) return { type: 'allow', blocked: false, price, matched_type: level, matched_value: value };
  return null;
}

/** The most specific level with any matching rule decides; at that level a blacklist entry beats an allow rule. */
export function findBestMatch(index: PostcodeIndex, parsed: NormalizedPostcode): BestMatch {
  return (
    matchAt(index, 'full', parsed.normalized) ??
    matchAt(index, 'sector', parsed.sector) ??
    matchAt(index, 'district', parsed.district) ??
    matchAt(index, 'area', parsed.area) ??
    NO_MATCH
  );
}

/** Base price: full rule, then sector pricing entry, then sector rule, then area rule, then the default. */
export function resolveBasePrice(index: PostcodeIndex, parsed: NormalizedPostcode): { price: number; source: PricingSource } {
  const full = index.allow.full.get(parsed.normalized);
  if (full != null) return { price: full, source: 'full_rule' };
  const pricing = index.sectorPricing.get(parsed.sector);
  if (pricing != null) return { price: pricing, source: 'sector_pricing' };
  const sector = index.allow.sector.get(parsed.sector);
  if (sector != null) return { price: sector, source: 'sector_rule' };
  const area = index.allow.district.get(parsed.district) ?? index.allow.area.get(parsed.area);
  if (area != null) return { price: area, source: 'area_rule' };
  return { price: index.settings.default_price, source: 'default' };
}

/** The surcharge for a delivery date, on its calendar date in UTC; no date gives 0. */
export function dateSurcharge(settings: EngineSettings, deliveryDate: string | null | undefined): number {
  if (!deliveryDate) return 0;
  const day = utcWeekday(deliveryDate);
  if (Number.isNaN(day)) return 0;
  if (day === 0) return settings.sunday_surcharge;
  if (day === 6) return settings.saturday_surcharge;
  return settings.weekday_surcharge;
}

// A bulk request repeats one date: remember the last one rather than parse it again per postcode.
let lastDate = '';
let lastWeekday = Number.NaN;
function utcWeekday(deliveryDate: string): number {
  if (deliveryDate !== lastDate) {
    lastWeekday = new Date(deliveryDate.length === 10 ? `${deliveryDate}T00:00:00Z` : deliveryDate).getUTCDay();
    lastDate = deliveryDate;
  }
  return lastWeekday;
}

const round3 = (ms: number): number => Math.round(ms * 1000) / 1000;

export function evaluatePostcode(index: PostcodeIndex, input: string, orderTotalPounds: number, deliveryDate?: string | null): PostcodeEvaluation {
  const started = performance.now();
  const orderTotal = Math.round(orderTotalPounds * 100);
  const threshold = index.settings.free_delivery_threshold;
  const parsed = parsePostcode(input);
  const pricing = (source: PricingSource): PricingResult => ({
    base_cost: 0,
    surcharge: 0,
    total_cost: 0,
    is_free_delivery: false,
    pricing_source: source,
    order_total: orderTotal,
    free_delivery_threshold: threshold,
  });
  if (!parsed) {
    return {
      test_result: {
        postcode: input,
        is_valid: false,
        delivery_allowed: false,
        base_price: 0,
        normalized_data: null,
        variations: [],
        best_match: NO_MATCH,
        execution_time_ms: round3(performance.now() - started),
      },
      pricing_result: pricing('invalid'),
    };
  }
  const bestMatch = findBestMatch(index, parsed);
  const isAllowed = bestMatch.type === 'allow' || (bestMatch.type === 'none' && index.settings.allow_without_rule);
  let pricingResult: PricingResult;
  let basePrice = 0;
  if (isAllowed) {
    const base = resolveBasePrice(index, parsed);
    basePrice = base.price;
    const isFree = threshold != null && orderTotal >= threshold;
    const baseCost = isFree ? 0 : base.price;
    // Free delivery removes the base cost, not the date surcharge.
    const surcharge = dateSurcharge(index.settings, deliveryDate);
    pricingResult = {
      base_cost: baseCost,
      surcharge,
      total_cost: baseCost + surcharge,
      is_free_delivery: isFree,
      pricing_source: base.source,
      order_total: orderTotal,
      free_delivery_threshold: threshold,
    };
  } else {
    pricingResult = pricing(bestMatch.blocked ? 'blocked' : 'not_allowed');
  }
  return {
    test_result: {
      postcode: input,
      is_valid: true,
      delivery_allowed: isAllowed,
      base_price: basePrice,
      normalized_data: parsed,
      variations: variationsOf(parsed),
      best_match: bestMatch,
      execution_time_ms: round3(performance.now() - started),
    },
    pricing_result: pricingResult,
  };
}

/** Every stored rule and pricing entry that matches one of the postcode's variations, most specific first. */
export function applicableRules(index: PostcodeIndex, parsed: NormalizedPostcode): ApplicableRule[] {
  const rules: ApplicableRule[] = [];
  for (const variation of variationsOf(parsed)) {
    const { type: level, value } = variation;
    if (index.blacklist[level].has(value)) rules.push({ kind: 'blacklist', level, value, price: null });
    if (index.allow[level].has(value)) rules.push({ kind: 'allow', level, value, price: index.allow[level].get(value) ?? null });
    if (level === 'sector' && index.sectorPricing.has(value))
      rules.push({ kind: 'sector_pricing', level, value, price: index.sectorPricing.get(value) ?? null });
  }
  return rules;
}
