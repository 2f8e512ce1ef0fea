// One webhook POST, over node:http(s) so that it connects to the addresses destination.ts checked, and the short
// failure classes the delivery log shows instead of socket errors (docs/webhooks.md, "Delivery").
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DestinationRefused, type ResolvedAddress } from './destination.js';

/**
 * Answers every lookup the connection makes with the checked addresses (all of them when asked for all, as
 * Node's happy-eyeballs connect does), so no second DNS answer decides where the request goes. The URL's host
 * name still goes out as the Host header and the TLS server name, and the certificate is checked against it.
 */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const matching = options.family ? addresses.filter((one) => one.family === options.family) : [...addresses];
    const [first] = matching;
    if (!first) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return callback(null, matching);
    return callback(null, first.address, first.family);
  };
}

/**
 * POSTs `body` to `url` at one of `addresses` and answers the response's status. A redirect is not followed
 * (node:http never does): it would re-send the body to a place the vendor did not configure, and its target was
 * never checked, so it is a failed attempt like any other non-2xx. The answer's body is never read: only the
 * status counts, and a large page must not fill memory.
 */
export function postWebhook(
  url: URL,
  addresses: readonly ResolvedAddress[],
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
        // A connection of its own each time: a pooled one could outlive the check it was made under.
        agent: false,
        lookup: pinnedLookup(addresses),
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

const errorCode = (error: unknown): string => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string') return code;
  }
  return '';
};

/**
 * What the delivery log says of an attempt that got no HTTP answer: one of a few plain classes, never the socket
 * error itself, which would tell a closed port from an open one (the raw error goes to the server log). A timeout
 * of our own (the abort) is "timed out" too; the worker says so before asking.
 */
export function failureClass(error: unknown): string {
  if (error instanceof DestinationRefused) return error.label;
  const code = errorCode(error);
  if (DNS_CODES.has(code)) return 'could not resolve the host name';
  if (code === 'ETIMEDOUT') return 'timed out';
  if (TLS_CODE.test(code)) return 'TLS error';
  if (code === 'ERR_INVALID_URL') return 'invalid URL';
  return 'could not connect';
}
