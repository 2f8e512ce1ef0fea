import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateLicenseKey } from '../../common/license-key.js';
import { maskEmailAddress, maskLicenseKeys, maskSecret, redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  const key = generateLicenseKey('8022');

  it('masks a key generated without a prefix (issue 40: five random groups)', () => {
    const bare = generateLicenseKey('');
    expect(redactSecrets(`Key ${bare} revoked`)).toBe(`Key ${bare.slice(0, 9)}-… revoked`);
  });
  const token = 'eyJsIjoxLCJyIjoyLCJlIjoxNzY0MDAwMDAwfQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1oZXJl';

  it.each([
    [
      `/api/v1/plugins/ucre/update?license_key=${key}&site_url=https://a.example`,
      `/api/v1/plugins/ucre/update?license_key=${key.slice(0, 9)}-…&site_url=https://a.example`,
    ],
    [`/api/v1/downloads/${token}/ucre-1.2.0.zip`, '/api/v1/downloads/eyJsIj…/ucre-1.2.0.zip'],
    [`/api/v1/downloads/${token}/ucre-1.2.0.zip.sig`, '/api/v1/downloads/eyJsIj…/ucre-1.2.0.zip.sig'],
    ['/x?key=abcdefghijklmnop', '/x?key=abcdef…'],
    ['/x?token=short&api_key=0123456789abcdef&access_token=zzzzzzzzzzzzzzzz', '/x?token=…&api_key=012345…&access_token=zzzzzz…'],
    ['/x?page=2&monkey=banana&postcode=NE1%201AA', '/x?page=2&monkey=banana&postcode=NE1%201AA'],
    [`Your licence key: ${key}\nDownload`, `Your licence key: ${key.slice(0, 9)}-…\nDownload`],
    ['Key CUSTOM-AB12-CD34-EF56-GH78 revoked', 'Key CUSTOM-AB12-… revoked'],
    // Issue 23: lower case, and glued to the text around it.
    ['key 8022-ab12-cd34-ef56-gh78 revoked', 'key 8022-ab12-… revoked'],
    ['key=8022-abcd-EfGh-ijkl-mnop;', 'key=8022-abcd-…;'],
    ['x8022-ABCD-EFGH-IJKL-MNOPy', 'x8022-ABCD-…y'],
    ['{"msg":"activation for8022-ab12-cd34-ef56-gh78."}', '{"msg":"activation for8022-ab12-…."}'],
    ['https://a.example/renew/8022-ab12-cd34-ef56-gh78/now', 'https://a.example/renew/8022-ab12-…/now'],
    ['a-b-8022-ab12-cd34-ef56-gh78-zz99', 'a-b-8022-…'],
    ['2026-11-23T10:00:00.000Z 123e4567-e89b-12d3', '2026-11-23T10:00:00.000Z 123e4567-e89b-12d3'],
  ])('%s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('masks Stripe secret keys and webhook signing secrets, keeping their prefix (issue 41)', () => {
    const line = '{"msg":"Invalid API Key provided: sk_live_51Habc123XYZ","secret":"whsec_abcDEF123","restricted":"rk_test_9zz"}';
    const masked = redactSecrets(line);
    expect(masked).toBe('{"msg":"Invalid API Key provided: sk_live_…","secret":"whsec_…","restricted":"rk_test_…"}');
    expect(redactSecrets('pk_live_public_is_fine')).toBe('pk_live_public_is_fine');
  });

  it('keeps a JSON log line valid JSON', () => {
    const line = JSON.stringify({ req: { url: `/api/v1/downloads/${token}/a.zip?license_key=${key}` }, msg: `key ${key}` });
    const redacted = redactSecrets(line);
    expect(redacted).not.toContain(key);
    expect(redacted).not.toContain(token.split('.')[1]);
    expect(() => JSON.parse(redacted) as unknown).not.toThrow();
  });
});

// Issue 23: a fuzz run found 88 keys left whole (lower case, or glued to other text). Keys in random case,
// with random prefixes, inside random text, URLs and JSON log lines: none may survive.
describe('no licence key survives redaction (property)', () => {
  const alphanumeric = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
  const group = (length: number) => fc.array(alphanumeric, { minLength: length, maxLength: length }).map((chars) => chars.join(''));
  const key = fc
    .tuple(fc.oneof(fc.constant('8022'), fc.constant('8022'.toLowerCase()), group(1), group(6)), group(4), group(4), group(4), group(4))
    .map((parts) => parts.join('-'));
  // Text the keys are glued into: letters, digits, dashes and the characters of URLs, queries and JSON.
  const text = fc.string({ unit: fc.constantFrom(...'aZ9-_=&?/.:"\\ {}[],;%+é…\n'.split('')), maxLength: 40 });
  const place = fc.constantFrom(
    (k: string, before: string, after: string) => `${before}${k}${after}`,
    (k: string, before: string, after: string) => `/api/v1/plugins/x/update?${before}=${k}${after}&site_url=https://a.example`,
    (k: string, before: string, after: string) => JSON.stringify({ level: 30, msg: `${before}${k}${after}`, req: { url: `/x?license_key=${k}` } }),
    (k: string, before: string, after: string) => `${before}${k}${after}${k.toUpperCase()}${before}${k.toLowerCase()}`,
  );

  it('masks every key, whatever its case and whatever it is glued to', () => {
    fc.assert(
      fc.property(key, text, text, place, (k, before, after, format) => {
        const redacted = redactSecrets(format(k, before, after)).toLowerCase();
        const secretTail = k.slice(k.indexOf('-', k.indexOf('-') + 1)).toLowerCase(); // "-xxxx-xxxx-xxxx"
        expect(redacted).not.toContain(k.toLowerCase());
        expect(redacted).not.toContain(secretTail);
      }),
      { numRuns: 1_000 },
    );
  });

  it('takes linear time on hostile input (no backtracking)', () => {
    const hostile = ['8022-abcd-efgh-ijkl-'.repeat(5_000), '-aaaa'.repeat(20_000), `?${'a_'.repeat(50_000)}`, 'a-'.repeat(50_000)];
    for (const input of hostile) {
      const started = performance.now();
      redactSecrets(input);
      expect(performance.now() - started).toBeLessThan(200);
    }
    expect(maskLicenseKeys('-aaaa'.repeat(4))).toBe('-aaaa'.repeat(4));
  });
});

describe('masks', () => {
  it('keeps the prefix and first group of a licence key, whatever its case', () => {
    expect(maskSecret('8022-ab12-cd34-ef56-gh78')).toBe('8022-ab12-…');
  });

  it('shows only the first letter and the domain of an e-mail address', () => {
    expect(maskEmailAddress('jane.doe@example.com')).toBe('j…@example.com');
    expect(maskEmailAddress('not-an-address')).toBe('…');
  });
});
