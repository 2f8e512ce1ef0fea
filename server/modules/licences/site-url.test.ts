import { describe, expect, it } from 'vitest';
import { isLocalSite, normaliseSiteUrl } from './site-url.js';

describe('normaliseSiteUrl', () => {
  it.each([
    ['https://example.com', 'example.com'],
    ['http://example.com', 'example.com'],
    ['example.com', 'example.com'],
    ['https://www.example.com', 'example.com'],
    ['https://WWW.Example.COM', 'example.com'],
    ['https://example.com:8443', 'example.com'],
    ['http://example.com:80/', 'example.com'],
    ['https://example.com/', 'example.com'],
    ['https://example.com///', 'example.com'],
    ['https://example.com/blog', 'example.com/blog'],
    ['https://www.example.com/blog/', 'example.com/blog'],
    ['https://example.com/shop/wp/', 'example.com/shop/wp'],
    ['https://example.com/blog?x=1#top', 'example.com/blog'],
    ['https://user:pw@example.com/', 'example.com'],
    ['  https://example.com  ', 'example.com'],
    ['https://shop.example.co.uk', 'shop.example.co.uk'],
    ['http://localhost:8080/wp', 'localhost/wp'],
    ['http://192.168.1.10', '192.168.1.10'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseSiteUrl(input)).toBe(expected);
  });

  it.each([[''], ['   '], ['not a url'], ['ftp://example.com'], ['javascript:alert(1)'], ['https://'], ['http://exa mple.com'], [`https://${'a'.repeat(3000)}.com`], ['https://..com']])(
    'rejects %j',
    (input) => {
      expect(normaliseSiteUrl(input)).toBeNull();
    },
  );

  it('gives http/https and www variants the same site', () => {
    const variants = ['http://example.com', 'https://example.com/', 'https://www.example.com', 'http://WWW.EXAMPLE.COM:8080/'];
    expect(new Set(variants.map(normaliseSiteUrl))).toEqual(new Set(['example.com']));
  });
});

describe('isLocalSite', () => {
  it.each([
    ['localhost', undefined, true],
    ['localhost/wp', undefined, true],
    ['app.localhost', undefined, true],
    ['127.0.0.1', undefined, true],
    ['10.0.0.5', undefined, true],
    ['172.16.0.1', undefined, true],
    ['172.31.255.1', undefined, true],
    ['172.32.0.1', undefined, false],
    ['192.168.0.10', undefined, true],
    ['[::1]', undefined, true],
    ['mysite.local', undefined, true],
    ['mysite.test', undefined, true],
    ['mysite.dev', undefined, true],
    ['site.example', undefined, true],
    ['site.invalid', undefined, true],
    ['staging.example.com', undefined, true],
    ['dev.example.com', undefined, true],
    ['test.example.com', undefined, true],
    ['example.com', undefined, false],
    ['example.com', 'production', false],
    ['example.com', 'Production', false],
    ['example.com', '', false],
    ['example.com', 'staging', true],
    ['example.com', 'development', true],
    ['devshop.com', undefined, false],
    ['testing.com', undefined, false],
    ['mystaging.com', undefined, false],
    ['8.8.8.8', undefined, false],
    ['example.com/dev', undefined, false],
  ])('%s (environment %s) → %s', (site, environment, expected) => {
    expect(isLocalSite(site, environment)).toBe(expected);
  });
});
