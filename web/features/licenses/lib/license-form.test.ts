import { describe, expect, it } from 'vitest';
import { generateLicenseKey, maskLicenseKey } from '@common/license-key';
import { fromDateInput, parseMaxActivations, toDateInput } from './license-form';

describe('parseMaxActivations', () => {
  it.each([
    ['5', 5],
    ['abc', 3],
    ['', 3],
    ['0', 1],
    ['250', 100],
    ['7.9', 7],
  ])('%j → %d', (input, expected) => {
    expect(parseMaxActivations(input)).toBe(expected);
  });
});

describe('generateLicenseKey', () => {
  it('makes the prefix followed by 4 groups of 4 uppercase alphanumerics, different each time', () => {
    const keys = Array.from({ length: 200 }, () => generateLicenseKey('8022'));
    for (const key of keys) expect(key).toMatch(/^8022(-[A-Z0-9]{4}){4}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('without a prefix makes 5 random groups, a shape the log masking still recognises', () => {
    const keys = Array.from({ length: 200 }, () => generateLicenseKey(''));
    for (const key of keys) expect(key).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){4}$/);
    expect(keys.filter((key) => key.startsWith('8022-'))).toEqual([]);
  });
  it('masks all but the prefix and the last group', () => {
    expect(maskLicenseKey('8022-ABCD-EFGH-IJKL-MNOP')).toBe('8022-****-****-****-MNOP');
  });
});

describe('date input', () => {
  it('round-trips a date and empty means never', () => {
    expect(toDateInput('2027-01-31T10:00:00.000Z')).toBe('2027-01-31');
    expect(fromDateInput('2027-01-31')).toBe('2027-01-31T23:59:59.000Z');
    expect(fromDateInput('')).toBeNull();
    expect(toDateInput(null)).toBe('');
  });
});
