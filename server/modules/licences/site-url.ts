// Site URL normalisation and the local/staging rule (DESIGN.md section 5).

const MAX_SITE_URL_LENGTH = 2048;

/**
 * Lowercase host, no scheme, no `www.`, no port, no credentials, no query or fragment, no trailing slash;
 * a sub-directory path is kept. Answers null when the input is not a usable http(s) site address.
 */
export function normaliseSiteUrl(input: string): string | null {
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

const LOCAL_SUFFIXES = ['.local', '.test', '.dev', '.example', '.invalid', '.localhost'];
const LOCAL_SUBDOMAINS = ['staging.', 'dev.', 'test.'];

function isPrivateIpv4(host: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return false;
  const [a, b] = [Number(match[1]), Number(match[2])];
  return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

function isPrivateIpv6(host: string): boolean {
  if (!host.startsWith('[')) return false;
  const address = host.slice(1, -1);
  return address === '::1' || address === '::' || /^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address) || address.startsWith('::ffff:127.') || address.startsWith('::ffff:7f');
}

/**
 * Local and staging sites are recorded but do not count toward a licence's limit: localhost, private IPs,
 * `.local` `.test` `.dev` `.example` `.invalid` hosts, `staging.` `dev.` `test.` sub-domains, and any
 * `environment` other than production.
 */
export function isLocalSite(normalised: string, environment?: string): boolean {
  const env = environment?.trim().toLowerCase();
  if (env && env !== 'production') return true;
  const host = normalised.split('/')[0] ?? '';
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isPrivateIpv4(host) || isPrivateIpv6(host)) return true;
  if (LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  return LOCAL_SUBDOMAINS.some((prefix) => host.startsWith(prefix) && host.length > prefix.length);
}
