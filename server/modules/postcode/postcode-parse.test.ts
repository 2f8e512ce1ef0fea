import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIndex, evaluatePostcode, findBestMatch } from './postcode-engine.js';
import { FIXTURE_SETTINGS } from './postcode-fixture.js';
import { classifyRuleValue, normalizePostcode, parsePostcode, variationsOf } from './postcode-parse.js';

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
const areaLetters = fc.oneof(
  letter,
  fc.tuple(letter, letter).map(([a, b]) => a + b),
);
// The district part after the area letters: 9, 99 or 9A.
const districtTail = fc.oneof(
  digit,
  fc.tuple(digit, digit).map(([a, b]) => a + b),
  fc.tuple(digit, letter).map(([a, b]) => a + b),
);
const outwardCode = fc.tuple(areaLetters, districtTail).map(([a, t]) => a + t);
const inwardCode = fc.tuple(digit, letter, letter).map(([d, a, b]) => d + a + b);
const validPostcode = fc.tuple(outwardCode, inwardCode).map(([o, i]) => `${o} ${i}`);
// Same text with random case and random spaces.
const scrambled = (postcode: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: postcode.length, maxLength: postcode.length }),
      fc.array(fc.constantFrom('', ' ', '  ', '\t'), { minLength: postcode.length + 1, maxLength: postcode.length + 1 }),
    )
    .map(([lower, spaces]) => spaces[0] + [...postcode.replace(' ', '')].map((ch, i) => (lower[i] ? ch.toLowerCase() : ch) + spaces[i + 1]).join(''));

describe('postcode parsing', () => {
  it.each([
    ['m1 1aa', 'M1 1AA', 'M', 'M1', 'M1 1'],
    ['M601NW', 'M60 1NW', 'M', 'M60', 'M60 1'],
    ['cr2 6xh', 'CR2 6XH', 'CR', 'CR2', 'CR2 6'],
    ['DN55 1PT', 'DN55 1PT', 'DN', 'DN55', 'DN55 1'],
    ['w1a 1hq', 'W1A 1HQ', 'W', 'W1A', 'W1A 1'],
    [' sw1a   2aa ', 'SW1A 2AA', 'SW', 'SW1A', 'SW1A 2'],
  ])('parses %s (one of the six shapes)', (input, normalized, area, district, sector) => {
    expect(parsePostcode(input)).toMatchObject({ normalized, area, district, sector });
  });

  it.each(['INVALID', '', '12345', 'NE39', 'NE39 1A', 'NE391AAA', 'N 1AA', 'NEE1 1AA', '1E1 1AA', 'NE39 AAA'])('refuses %j', (input) => {
    expect(parsePostcode(input)).toBeNull();
  });

  it('lists variations with their priorities, most specific first', () => {
    const parsed = parsePostcode('sw1a2aa');
    expect(parsed && variationsOf(parsed)).toEqual([
      { type: 'full', value: 'SW1A 2AA', priority: 1 },
      { type: 'sector', value: 'SW1A 2', priority: 2 },
      { type: 'district', value: 'SW1A', priority: 3 },
      { type: 'area', value: 'SW', priority: 4 },
    ]);
  });

  it.each([
    ['NE39', 'district', 'NE39'],
    ['dh', 'area', 'DH'],
    ['ne16  6', 'sector', 'NE16 6'],
    ['ne165xy', 'full', 'NE16 5XY'],
    ['SW1A', 'district', 'SW1A'],
  ])('classifies the rule value %j by its shape', (value, level, normalized) => {
    expect(classifyRuleValue(value)).toEqual({ level, value: normalized });
  });

  it('classifies nonsense as no level', () => {
    expect(classifyRuleValue('N3 39X')).toBeNull();
    expect(classifyRuleValue('12')).toBeNull();
  });
});

describe('postcode properties', () => {
  it('normalisation is idempotent for any text', () => {
    fc.assert(fc.property(fc.string(), (text) => normalizePostcode(normalizePostcode(text)) === normalizePostcode(text)));
  });

  it('normalisation and parsing ignore case and spaces', () => {
    fc.assert(
      fc.property(
        validPostcode.chain((postcode) => fc.tuple(fc.constant(postcode), scrambled(postcode))),
        ([postcode, variant]) => {
          expect(normalizePostcode(variant)).toBe(normalizePostcode(postcode));
          expect(parsePostcode(variant)?.normalized).toBe(postcode);
        },
      ),
    );
  });

  it('an outward-code rule never matches a longer outward code that starts with it', () => {
    fc.assert(
      fc.property(areaLetters, digit, fc.oneof(digit, letter), inwardCode, (area, ruleDigit, extra, inward) => {
        const rule = area + ruleDigit; // e.g. NE1
        const longer = rule + extra; // e.g. NE16 or NE1A
        const index = buildIndex(
          [
            { kind: 'blacklist', value: rule, price: null },
            { kind: 'area', value: rule, price: 100 },
          ],
          [],
          FIXTURE_SETTINGS,
        );
        const parsed = parsePostcode(`${longer} ${inward}`);
        expect(parsed).not.toBeNull();
        if (parsed) expect(findBestMatch(index, parsed).type).toBe('none');
      }),
    );
  });

  it('every valid generated postcode gives a result and no exception', () => {
    const index = buildIndex(
      [
        { kind: 'area', value: 'NE39', price: 450 },
        { kind: 'blacklist', value: 'NE1', price: null },
      ],
      [{ sector: 'NE39 1', price: 350 }],
      FIXTURE_SETTINGS,
    );
    fc.assert(
      fc.property(
        validPostcode,
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })),
        (postcode, total, date) => {
          const { test_result, pricing_result } = evaluatePostcode(index, postcode, total, date ? date.toISOString() : null);
          expect(test_result.is_valid).toBe(true);
          expect(test_result.variations).toHaveLength(4);
          expect(pricing_result.total_cost).toBe(pricing_result.base_cost + pricing_result.surcharge);
          expect(test_result.execution_time_ms).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
