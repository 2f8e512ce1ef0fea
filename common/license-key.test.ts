import { describe, expect, it } from 'vitest';
import { maskLicenseKey } from './license-key.js';

describe('maskLicenseKey', () => {
  it.each([
    ['8022-ABCD-EFGH-IJKL-MN12', '8022-****-****-****-MN12'],
    ['EDD-123-4567', 'EDD-***-4567'],
    ['a--b', 'a--b'],
    ['a-bc-', 'a-**-'],
    ['0123456789abcdef0123456789abcdef', '****cdef'],
    ['ABCD-1234', '****1234'],
    ['abc', '****'],
    ['-', '****'],
  ])('%s → %s', (key, masked) => expect(maskLicenseKey(key)).toBe(masked));
});
