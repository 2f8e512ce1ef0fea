import type { FastifyRequest } from 'fastify';

// A host name or IP (IPv6 in brackets) with an optional port: nothing that could add a path or user info.
const PLAIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The origin (`https://shop.example.com`) the client used for this request. Fastify takes the protocol and
 * host from X-Forwarded-Proto / X-Forwarded-Host only when the peer is a trusted proxy (TRUST_PROXY).
 * The Host header is the client's word, so anything but a plain host[:port] answers null.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  if (!PLAIN_HOST.test(request.host)) return null;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}
