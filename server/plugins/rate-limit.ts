// Per-client-IP request limits for public routes: a fixed one-minute window, answered with 429, a
// Retry-After header and a message. It replaced @fastify/rate-limit, whose promise chain, per-request
// address parsing and per-route cache measured about 5 % of a licence validation, the busiest call.
import ipaddr from 'ipaddr.js';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../context.js';

/** Clients counted separately in one window; past this, new addresses share one budget (a flood can't exhaust memory). */
const MAX_TRACKED_CLIENTS = 100_000;
const OVERFLOW_KEY = '*';

/**
 * Whom a request is counted against: an IPv4 address alone, an IPv6 address by its /64 network (one
 * client usually holds a whole /64, so rotating addresses inside it gains nothing).
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  try {
    const address = ipaddr.parse(ip);
    if (address.kind() === 'ipv4') return address.toString();
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    return `${v6.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
  } catch {
    return ip;
  }
}

/**
 * The default TRUST_PROXY (`loopback`: a reverse proxy on the same host) as a plain check. Fastify would
 * otherwise parse the peer address with ipaddr.js on every `request.ip`.
 */
export const isLoopbackAddress = (address: string): boolean =>
  address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.');

export interface RateLimitOptions {
  /** Requests allowed per client per window; a function is read on every request (e.g. from Settings). */
  max: number | (() => number);
  windowMs?: number;
}

/**
 * An onRequest hook allowing each client `max` requests per window. Every call makes its own budget;
 * give several routes the same hook to share one.
 */
export function rateLimit({ max, windowMs = 60_000 }: RateLimitOptions) {
  let windowEndsAt = 0;
  let counts = new Map<string, number>();
  return function limitRate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const now = Date.now();
    if (now >= windowEndsAt) {
      counts = new Map();
      windowEndsAt = now + windowMs;
    }
    let key = clientKey(request.ip);
    if (!counts.has(key) && counts.size >= MAX_TRACKED_CLIENTS) key = OVERFLOW_KEY;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count <= (typeof max === 'function' ? max() : max)) {
      done();
      return;
    }
    const seconds = Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
    void reply
      .code(429)
      .header('Retry-After', String(seconds))
      .send({ error: 'RATE_LIMITED', message: `Too many requests: try again in ${seconds} seconds` });
  };
}

/**
 * The limit of the public machine API (licence calls, update checks, downloads): the Settings value, read on
 * every request so a change applies without a restart. Each call of this makes its own budget per IP.
 */
export const machineApiRateLimit = (ctx: Pick<AppContext, 'settings'>) => rateLimit({ max: () => ctx.settings.get('rate_limit_per_minute') });
