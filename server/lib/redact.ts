// Secrets kept out of the logs: licence keys, download tokens and secret-looking query values, each
// replaced by a short prefix so support can still tell which one a line was about.

const ELLIPSIS = '…';

// PREFIX-XXXX-XXXX-XXXX-XXXX (common/license-key.ts); admin-made keys may carry another prefix. Found by
// maskLicenseKeys below, a scan rather than a regular expression: any case, and glued to other text.
const DASH = 45;
const KEY_TAIL_LENGTH = 20; // "-XXXX" four times

const isAsciiAlphanumeric = (code: number): boolean => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Whether `text` holds "-XXXX" (a dash and four ASCII letters or digits) at `at`. */
function isGroupAt(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== DASH) return false;
  for (let i = at + 1; i <= at + 4; i++) if (!isAsciiAlphanumeric(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Masks every licence key: letters or digits, then four "-XXXX" groups, in any case and whatever comes before or
 * after (`key=8022-abcd-…`, `x8022-ABCD-…y`, inside URLs and JSON). The prefix and the first group stay
 * (`8022-ABCD-…`); the other groups go, with any further "-XXXX" group glued on. Linear: each dash is looked
 * at once, with at most 20 characters read from it.
 */
export function maskLicenseKeys(text: string): string {
  let out = '';
  let copied = 0;
  for (let dash = text.indexOf('-'); dash !== -1; dash = text.indexOf('-', dash + 1)) {
    if (dash === 0 || !isAsciiAlphanumeric(text.charCodeAt(dash - 1)) || dash + KEY_TAIL_LENGTH > text.length) continue;
    if (!(isGroupAt(text, dash) && isGroupAt(text, dash + 5) && isGroupAt(text, dash + 10) && isGroupAt(text, dash + 15))) continue;
    let end = dash + KEY_TAIL_LENGTH;
    while (isGroupAt(text, end)) end += 5;
    out += `${text.slice(copied, dash + 5)}-${ELLIPSIS}`;
    copied = end;
    dash = end - 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
const LICENCE_KEY_SHAPE = /^([A-Z0-9]+-[A-Z0-9]{4})(?:-[A-Z0-9]{4}){3}$/i;
// A query parameter named key, token, secret, password, sig, signature or license (EDD's name for the licence key,
// server/modules/edd-compat), alone or as `<anything>_<name>` (license_key, api_key, access_token); the value ends where a URL or a JSON string does.
const SECRET_QUERY_VALUE = /([?&;](?:[\w-]*[_-])?(?:key|apikey|token|secret|password|sig|signature|license)=)([^&#\s"\\]+)/gi;
// The token segment of a signed download link (/api/v1/downloads/{token}/{file}, and its .sig form).
const DOWNLOAD_TOKEN = /(\/api\/v1\/downloads\/)([^/?#\s"\\]+)/g;
// The token of a customer's one-time sign-in link (/account/sign-in/{token}, docs/account.md).
const SIGN_IN_TOKEN = /(\/account\/sign-in\/)([^/?#\s"\\]+)/g;

// Stripe secret and restricted keys and webhook signing secrets (issue 41), wherever they stand: the prefix stays.
const STRIPE_SECRET = /\b((?:sk|rk)_(?:test|live)_|whsec_)[A-Za-z0-9]+/g;

/** `8022-AB12-…` for a licence key; the first 6 characters of a longer secret; nothing of a short one. */
export function maskSecret(value: string): string {
  const key = LICENCE_KEY_SHAPE.exec(value);
  if (key) return `${key[1]}-${ELLIPSIS}`;
  return value.length > 12 ? `${value.slice(0, 6)}${ELLIPSIS}` : ELLIPSIS;
}

/** `j…@example.com`: the domain and the first letter are enough to find a customer's message. */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address.slice(0, 1)}${ELLIPSIS}${address.slice(at)}` : ELLIPSIS;
}

/**
 * Masks every secret in a text: a URL (its query values and download token) or a whole log line.
 * The masks contain no quote or backslash, so a JSON line stays valid JSON.
 */
export function redactSecrets(text: string): string {
  let out = text;
  if (out.includes('=')) out = out.replace(SECRET_QUERY_VALUE, (_match, name: string, value: string) => `${name}${maskSecret(value)}`);
  if (out.includes('/api/v1/downloads/')) out = out.replace(DOWNLOAD_TOKEN, (_match, route: string, token: string) => `${route}${maskSecret(token)}`);
  if (out.includes('/account/sign-in/')) out = out.replace(SIGN_IN_TOKEN, (_match, route: string, token: string) => `${route}${maskSecret(token)}`);
  if (out.includes('k_') || out.includes('whsec_')) out = out.replace(STRIPE_SECRET, (_match, prefix: string) => `${prefix}${ELLIPSIS}`);
  return maskLicenseKeys(out);
}

/**
 * Masks the tokens of the links a message carries, and nothing else: a customer's one-time sign-in link and a
 * signed download link keep their address with the token's first characters (`/account/sign-in/AbC12x…`). For the
 * admin's Outbox (server/modules/email/outbox.service.ts), which shows what was sent without handing over the links.
 */
export function maskLinkTokens(text: string): string {
  let out = text;
  if (out.includes('/api/v1/downloads/')) out = out.replace(DOWNLOAD_TOKEN, (_match, route: string, token: string) => `${route}${maskSecret(token)}`);
  if (out.includes('/account/sign-in/')) out = out.replace(SIGN_IN_TOKEN, (_match, route: string, token: string) => `${route}${maskSecret(token)}`);
  return out;
}
