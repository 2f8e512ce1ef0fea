// Secrets kept out of the logs: licence keys, download tokens and secret-looking query values, each
// replaced by a short prefix so support can still tell which one a line was about.

const ELLIPSIS = '…';

// PREFIX-XXXX-XXXX-XXXX-XXXX (common/license-key.ts); admin-made keys may carry another prefix.
const LICENCE_KEY = /\b([A-Z0-9]+-[A-Z0-9]{4})(?:-[A-Z0-9]{4}){3}\b/g;
const KEY_GROUPS_AT = /-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/y;

/** Whether some dash starts three key groups: on a 230-character request line ~0.3 µs, where LICENCE_KEY alone takes ~5 µs. */
function hasLicenseKeyShape(text: string): boolean {
  for (let at = text.indexOf('-'); at !== -1; at = text.indexOf('-', at + 1)) {
    KEY_GROUPS_AT.lastIndex = at;
    if (KEY_GROUPS_AT.test(text)) return true;
  }
  return false;
}
const LICENCE_KEY_SHAPE = /^([A-Z0-9]+-[A-Z0-9]{4})(?:-[A-Z0-9]{4}){3}$/i;
// A query parameter named key, token, secret, password, sig or signature, alone or as `<anything>_<name>`
// (license_key, api_key, access_token); the value ends where a URL or a JSON string does.
const SECRET_QUERY_VALUE = /([?&;](?:[\w-]*[_-])?(?:key|apikey|token|secret|password|sig|signature)=)([^&#\s"\\]+)/gi;
// The token segment of a signed download link (/api/v1/downloads/{token}/{file}, and its .sig form).
const DOWNLOAD_TOKEN = /(\/api\/v1\/downloads\/)([^/?#\s"\\]+)/g;
// The token of a customer's one-time sign-in link (/account/sign-in/{token}, docs/account.md).
const SIGN_IN_TOKEN = /(\/account\/sign-in\/)([^/?#\s"\\]+)/g;

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
  if (hasLicenseKeyShape(out)) out = out.replace(LICENCE_KEY, (_match, kept: string) => `${kept}-${ELLIPSIS}`);
  return out;
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
