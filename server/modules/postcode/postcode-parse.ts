import type { NormalizedPostcode, PostcodeVariation, VariationType } from '../../../common/postcode.js';

// UK postcodes: outward code (area letters + district, e.g. NE39, SW1A) and inward code (sector digit + two
// unit letters). Six shapes: A9 9AA, A99 9AA, AA9 9AA, AA99 9AA, A9A 9AA, AA9A 9AA.
const OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const INWARD = /^\d[A-Z]{2}$/;
const SECTOR = /^([A-Z]{1,2}\d[A-Z\d]?) (\d)$/;
const AREA = /^[A-Z]{1,2}$/;
const WHITESPACE = /\s+/g;

/** Uppercase, remove every space, then put one space before the last three characters. Idempotent. */
export function normalizePostcode(input: string): string {
  const compact = input.toUpperCase().replace(WHITESPACE, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** The parts of a valid postcode, or null when the input is not one of the six shapes. */
export function parsePostcode(input: string): NormalizedPostcode | null {
  const compact = input.toUpperCase().replace(WHITESPACE, '');
  if (compact.length < 5 || compact.length > 7) return null;
  const outward = compact.slice(0, -3);
  const inward = compact.slice(-3);
  if (!OUTWARD.test(outward) || !INWARD.test(inward)) return null;
  const area = outward[1] !== undefined && outward[1] >= 'A' && outward[1] <= 'Z' ? outward.slice(0, 2) : outward.slice(0, 1);
  return {
    normalized: `${outward} ${inward}`,
    outward,
    inward,
    area,
    district: outward,
    sector: `${outward} ${inward.slice(0, 1)}`,
  };
}

/** Variations of a parsed postcode, most specific first: full (1), sector (2), district (3), area letters (4). */
export function variationsOf(parsed: NormalizedPostcode): PostcodeVariation[] {
  return [
    { type: 'full', value: parsed.normalized, priority: 1 },
    { type: 'sector', value: parsed.sector, priority: 2 },
    { type: 'district', value: parsed.district, priority: 3 },
    { type: 'area', value: parsed.area, priority: 4 },
  ];
}

/**
 * The level a rule value applies at, from its shape: a full postcode, a sector (`NE39 2`, space required),
 * an outward code (`NE39`: district level) or area letters (`DH`). Null when it is none of them.
 */
export function classifyRuleValue(input: string): { level: VariationType; value: string } | null {
  const collapsed = input.trim().toUpperCase().replace(WHITESPACE, ' ');
  const full = parsePostcode(collapsed);
  if (full) return { level: 'full', value: full.normalized };
  const sector = SECTOR.exec(collapsed);
  if (sector) return { level: 'sector', value: `${sector[1]} ${sector[2]}` };
  if (OUTWARD.test(collapsed)) return { level: 'district', value: collapsed };
  if (AREA.test(collapsed)) return { level: 'area', value: collapsed };
  return null;
}
