// Licence keys: PREFIX-XXXX-XXXX-XXXX-XXXX, groups of uppercase letters and digits (docs/design.md section 5).
// Shared by the server (which generates keys with a cryptographic source) and the web form's generator. The prefix
// is the vendor's (the store setting `license_key_prefix`, common/store-terms.ts; the demo shop's is 8022); without
// one the first group is random too, so every key keeps the same five-group shape that logs mask
// (server/lib/redact.ts) and searches recognise. A key is looked up whole: keys issued under an earlier prefix
// still validate.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Fills `bytes` with cryptographically random values; Web Crypto exists in browsers and in Node 20. */
function randomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** One random character of the alphabet, by rejection sampling so every character is equally likely. */
function randomGroup(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 252 is the largest multiple of 36 below 256: discarding above it removes modulo bias.
      if (byte < 252 && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

export function generateLicenseKey(prefix: string): string {
  return [prefix || randomGroup(4), randomGroup(4), randomGroup(4), randomGroup(4), randomGroup(4)].join('-');
}

/** Shows the prefix and the last group only: 8022-****-****-****-AB12. */
export function maskLicenseKey(key: string): string {
  // Every validation answer carries it: one pass over the characters, half the time of split, map and join
  // (a regular expression replace took twice as long as those; issue 30).
  const first = key.indexOf('-');
  const last = key.lastIndexOf('-');
  if (first === last) return key.length <= 4 ? '****' : `****${key.slice(-4)}`;
  let masked = key.slice(0, first + 1);
  for (let i = first + 1; i < last; i++) masked += key[i] === '-' ? '-' : '*';
  return masked + key.slice(last);
}
