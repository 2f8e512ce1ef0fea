import { describe, expect, it } from 'vitest';
import { generateLicenseKey } from '../../common/license-key.js';
import { maskEmailAddress, maskSecret, redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  const key = generateLicenseKey();
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
  ])('%s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('keeps a JSON log line valid JSON', () => {
    const line = JSON.stringify({ req: { url: `/api/v1/downloads/${token}/a.zip?license_key=${key}` }, msg: `key ${key}` });
    const redacted = redactSecrets(line);
    expect(redacted).not.toContain(key);
    expect(redacted).not.toContain(token.split('.')[1]);
    expect(() => JSON.parse(redacted) as unknown).not.toThrow();
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
