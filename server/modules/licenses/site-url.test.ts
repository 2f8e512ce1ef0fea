import { describe, expect, it } from 'vitest';
import { isLocalSite, matchesHostPattern, normalizeSiteUrl, normalizeWithUrlParser, type LocalSiteRules } from './site-url.js';

describe('normaliseSiteUrl', () => {
  // Bare addresses skip the URL parser (the hot path): they must answer exactly as the parser would.
  it('answers bare addresses exactly as the URL parser does', () => {
    const tricky = [
      'www.',
      'www.com',
      'WWW.A.B',
      '-.com',
      'a-.b-',
      '1.2.3.com',
      '0x7f.com',
      '1.2.3.4',
      '127.1',
      '0x7f.1',
      'a.0x1',
      'xn--a.com',
      'XN--nxasmq6b.com',
      'a..com',
      '.a.com',
      'a.com.',
      'a.com..',
      'a.com/',
      'a.com//',
      'https://a.com./',
      'HTTP://A.COM',
      'ftp://a.com',
      'a.1',
      'a.1a',
      'a.b1',
    ];
    const alphabet = 'abwx01-9.:/X';
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const random = Array.from({ length: 20_000 }, () => {
      const scheme = ['', 'http://', 'https://', 'HTTPS://'][Math.floor(next() * 4)];
      return scheme + Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
    });
    for (const input of [...tricky, ...tricky.map((t) => `https://${t}`), ...random])
      expect([input, normalizeSiteUrl(input)]).toEqual([input, normalizeWithUrlParser(input)]);
  });

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
    expect(normalizeSiteUrl(input)).toBe(expected);
  });

  it.each([
    [''],
    ['   '],
    ['not a url'],
    ['ftp://example.com'],
    ['javascript:alert(1)'],
    ['https://'],
    ['http://exa mple.com'],
    [`https://${'a'.repeat(3000)}.com`],
    ['https://..com'],
  ])('rejects %j', (input) => {
    expect(normalizeSiteUrl(input)).toBeNull();
  });

  it('gives http/https and www variants the same site', () => {
    const variants = ['http://example.com', 'https://example.com/', 'https://www.example.com', 'http://WWW.EXAMPLE.COM:8080/'];
    expect(new Set(variants.map(normalizeSiteUrl))).toEqual(new Set(['example.com']));
  });
});

const NO_RULES: LocalSiteRules = { stagingPatterns: [], trustEnvironmentClaim: false };
const local = (url: string, environment?: string, rules: LocalSiteRules = NO_RULES) => isLocalSite(normalizeSiteUrl(url) ?? '', environment, rules);

describe('isLocalSite: the URL alone', () => {
  it.each([
    // reserved names
    ['http://localhost:8080/wp', true],
    ['http://localhost', true],
    ['https://app.localhost', true],
    ['https://mysite.local', true],
    ['https://mysite.test', true],
    ['http://test/', true],
    ['https://site.example', true],
    ['https://site.invalid', true],
    // private-range IP literals, IPv4 and IPv6 (the URL parser writes IPv4-mapped addresses in hex)
    ['http://127.0.0.1', true],
    ['http://127.8.9.10/wp', true],
    ['http://10.0.0.5', true],
    ['http://172.16.0.1', true],
    ['http://172.31.255.1', true],
    ['http://192.168.0.10:8080', true],
    ['http://169.254.1.1', true],
    ['http://100.64.0.1', true],
    ['http://0.0.0.0', true],
    ['http://0x7f.1', true],
    ['http://[::1]', true],
    ['http://[::]', true],
    ['http://[fd12:3456::1]', true],
    ['http://[fe80::1]', true],
    ['http://[::ffff:192.168.1.10]', true],
    ['http://[::ffff:127.0.0.1]/wp', true],
    // public names and addresses count
    ['https://bigshop.dev', false],
    ['https://test.acme.com', false],
    ['https://staging.acme.com', false],
    ['https://dev.myshop.com', false],
    ['https://example.com', false],
    ['https://example.org', false],
    ['https://shop.localhost.com', false],
    ['https://mytest.com', false],
    ['https://example.com/localhost', false],
    ['http://172.32.0.1', false],
    ['http://192.169.0.1', false],
    ['http://8.8.8.8', false],
    ['http://[2001:4860:4860::8888]', false],
    ['http://[::ffff:8.8.8.8]', false],
  ])('%s → %s', (url, expected) => {
    expect(local(url)).toBe(expected);
  });
});

describe("isLocalSite: the vendor's staging patterns", () => {
  const rules: LocalSiteRules = {
    stagingPatterns: ['staging.*', '*.wpengine.com', '*.kinsta.cloud', 'dev.myshop.com', 'qa.*.acme.com'],
    trustEnvironmentClaim: false,
  };
  it.each([
    ['https://staging.acme.com', true],
    ['https://staging.acme.co.uk/shop', true],
    ['https://myshop.wpengine.com', true],
    ['https://a.b.wpengine.com', true],
    ['https://env-shop.kinsta.cloud', true],
    ['https://dev.myshop.com', true],
    ['https://qa.eu.acme.com', true],
    ['https://qa.eu.west.acme.com', true],
    // `*` is one or more whole labels, never part of one or none at all
    ['https://staging', false],
    ['https://wpengine.com', false],
    ['https://mywpengine.com', false],
    ['https://staging2.acme.com', false],
    ['https://dev.myshop.com.evil.com', false],
    ['https://www.dev.myshop.com', true], // www. is dropped before matching
    ['https://qa.acme.com', false],
    ['https://live.com', false],
  ])('%s → %s', (url, expected) => {
    expect(local(url, undefined, rules)).toBe(expected);
  });

  it('matches label by label in time proportional to labels × pattern labels', () => {
    const host = Array.from({ length: 120 }, () => 'a').join('.');
    const pattern = `${Array.from({ length: 60 }, () => '*').join('.')}.b`;
    const started = performance.now();
    expect(matchesHostPattern(host, pattern)).toBe(false);
    // A backtracking regular expression would try every way to share 120 labels among 60 stars; the
    // label table takes 61 × 120 steps.
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('isLocalSite: the environment claim', () => {
  it.each([
    ['staging', false, false],
    ['local', false, false],
    ['development', false, false],
    ['staging', true, true],
    ['Local', true, true],
    [' development ', true, true],
    ['production', true, false],
    ['', true, false],
    [undefined, true, false],
    ['anything-else', true, false],
  ])('live.com claiming %j, claim trusted %s → %s', (environment, trustEnvironmentClaim, expected) => {
    expect(local('https://live.com', environment, { stagingPatterns: [], trustEnvironmentClaim })).toBe(expected);
  });

  it('a production claim never makes a local site count', () => {
    expect(local('http://localhost', 'production', NO_RULES)).toBe(true);
  });
});
