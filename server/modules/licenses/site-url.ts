// Site URL normalisation and the local/staging rule (docs/license-api.md, "Local and staging sites").
import ipaddr from 'ipaddr.js';

const MAX_SITE_URL_LENGTH = 2048;

/**
 * A bare site address (`https://shop.example.com`, `example.org/`): letters, digits and hyphens in dotted labels,
 * the last starting with a letter (so never an IPv4 address, which the URL parser would rewrite), no `xn--` label
 * (which it would check as Punycode), no port, path, credentials, query or fragment. Nearly every WordPress site
 * sends one; `normalizeSiteUrl` answers it without the URL parser, which cost about half of what the rest of a
 * validation's own code did (issue 30). `site-url.test.ts` checks both give the same answer.
 */
const BARE_SITE = /^(?:https?:\/\/)?((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)\.?\/?$/i;

/**
 * Lowercase host, no scheme, no `www.`, no port, no credentials, no query or fragment, no trailing slash;
 * a sub-directory path is kept. Answers null when the input is not a usable http(s) site address.
 */
export function normalizeSiteUrl(input: string): string | null {
  const trimmed = input.trim();
  const bare = trimmed.length <= MAX_SITE_URL_LENGTH ? BARE_SITE.exec(trimmed) : null;
  if (bare && !/xn--/i.test(bare[1]!)) {
    const host = bare[1]!.toLowerCase();
    return host.startsWith('www.') && host.length > 4 ? host.slice(4) : host;
  }
  return normalizeWithUrlParser(trimmed);
}

/** `normalizeSiteUrl` through the WHATWG URL parser, for any address (exported for site-url.test.ts). */
export function normalizeWithUrlParser(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > MAX_SITE_URL_LENGTH || /\s/.test(trimmed)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  if (hasScheme && !/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `http://${trimmed}`);
  } catch {
    return null;
  }
  let host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.startsWith('.') || host.includes('..')) return null;
  if (host.startsWith('www.') && host.length > 4) host = host.slice(4);
  let path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  try {
    path = decodeURI(path);
  } catch {
    // keep the encoded form when it does not decode
  }
  return `${host}${path}`;
}

/** Top-level names reserved by RFC 2606 and RFC 6761/6762: they never reach a public site. */
const RESERVED_NAMES = ['localhost', 'local', 'test', 'example', 'invalid'];
const LOCAL_IPV4_RANGES = new Set(['private', 'loopback', 'linkLocal', 'unspecified', 'carrierGradeNat']);
const LOCAL_IPV6_RANGES = new Set(['uniqueLocal', 'loopback', 'linkLocal', 'unspecified']);
/** The non-production values of WordPress's `wp_get_environment_type()`. */
const NON_PRODUCTION_ENVIRONMENTS = new Set(['local', 'development', 'staging']);

/** Loopback, private, link-local and unspecified IPv4 and IPv6 literals; an IPv4-mapped IPv6 address reads as its IPv4 address. */
function isPrivateIpLiteral(host: string): boolean {
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  // A name with a letter no IPv4 form has (decimal, octal or 0x hex parts) and no colon is not a literal: answered
  // without ipaddr's parsers, which cost an import of a million sites seconds.
  if (!literal.includes(':') && !/^[0-9a-fx.]+$/i.test(literal)) return false;
  if (!ipaddr.isValid(literal)) return false;
  const address = ipaddr.process(literal);
  return (address.kind() === 'ipv4' ? LOCAL_IPV4_RANGES : LOCAL_IPV6_RANGES).has(address.range());
}

/**
 * Whether a host matches a staging pattern from Settings: `*` stands for one or more whole labels, any
 * other label must be equal. Label by label (not a regular expression), so no pattern can backtrack
 * badly: at most labels × pattern labels steps.
 */
export function matchesHostPattern(host: string, pattern: string): boolean {
  const labels = host.split('.');
  // matched[j]: the pattern labels seen so far match the first j host labels.
  let matched = Array.from({ length: labels.length + 1 }, (_, j) => j === 0);
  for (const part of pattern.split('.')) {
    const next: boolean[] = [false];
    for (let j = 1; j <= labels.length; j++) {
      next[j] = part === '*' ? Boolean(matched[j - 1] || next[j - 1]) : Boolean(matched[j - 1]) && labels[j - 1] === part;
    }
    matched = next;
  }
  return Boolean(matched[labels.length]);
}

export interface LocalSiteRules {
  /** Settings `staging_site_patterns`: the vendor's own staging hosts. */
  stagingPatterns: readonly string[];
  /** Settings `trust_environment_claim`: a non-production `environment` claim alone makes a site local. */
  trustEnvironmentClaim: boolean;
}

/**
 * Local and staging sites are recorded but do not use a seat (docs/license-api.md). The server decides from
 * the URL: localhost, private-range IP literals, the reserved names `.localhost` `.local` `.test`
 * `.example` `.invalid`, and the vendor's staging patterns. A client's `environment` claim counts only when
 * the vendor trusts it. `.dev` is a public top-level domain, and `example.com` a registered name: both count.
 */
export function isLocalSite(normalized: string, environment: string | undefined, rules: LocalSiteRules): boolean {
  const host = normalized.split('/')[0] ?? '';
  if (RESERVED_NAMES.some((name) => host === name || host.endsWith(`.${name}`))) return true;
  if (isPrivateIpLiteral(host)) return true;
  if (rules.stagingPatterns.some((pattern) => matchesHostPattern(host, pattern))) return true;
  return rules.trustEnvironmentClaim && NON_PRODUCTION_ENVIRONMENTS.has(environment?.trim().toLowerCase() ?? '');
}
