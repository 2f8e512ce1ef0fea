// Per-client-IP request limits for public routes: a fixed one-minute window, answered with 429, a
// Retry-After header and a message. It replaced @fastify/rate-limit, whose promise chain, per-request
// address parsing and per-route cache measured about 5 % of a licence validation, the busiest call.
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AppContext } from '../context.js';

/**
 * Clients counted in one window (memory stays bounded: about 10 MB at this size). Past it, the longest-tracked
 * client within budget is forgotten, so a flood of new addresses can neither exhaust memory nor lock out a
 * new client: forgetting only ever gives a client more requests, never fewer.
 */
const MAX_TRACKED_CLIENTS = 100_000;
/** Over-budget clients one eviction may skip (they stay refused) before it forgets one anyway: keeps it O(1). */
const MAX_SECOND_CHANCES = 8;

/**
 * Whom a request is counted against: an IPv4 address alone, an IPv6 address by its /64 network (one
 * client usually holds a whole /64, so rotating addresses inside it gains nothing).
 */
export function clientKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  return ipv6Network(ip) ?? ipaddrClientKey(ip);
}

/**
 * The /64 of a plain IPv6 address by string work: ipaddr.js's parse and normalisation cost 2.5 times as much
 * (bench/rate-limit.ts), which an attacker rotating addresses would make every request pay. Null for what it
 * leaves to ipaddr.js: invalid text, IPv4-mapped or -embedded forms, and anything in 0:0:0:0::/64.
 */
function ipv6Network(ip: string): string | null {
  if (ip.includes('.') || !isIPv6(ip)) return null;
  const gap = ip.indexOf('::');
  const groups = (gap === -1 ? ip : ip.slice(0, gap)).split(':', 4).filter(Boolean);
  if (groups.length < 4) {
    // "::" stands for as many zero groups as the address needs to have eight.
    const tail = ip.slice(gap + 2).split(':').filter(Boolean);
    for (let zeros = 8 - groups.length - tail.length; zeros > 0 && groups.length < 4; zeros--) groups.push('0');
    for (let i = 0; groups.length < 4; i++) groups.push(tail[i] ?? '0');
  }
  let key = '';
  for (const group of groups) key += `${Number.parseInt(group, 16).toString(16)}:`;
  // ::1 and ::ffff:7f00:1 (an IPv4-mapped address in hex) both land here: ipaddr.js tells them apart.
  return key === '0:0:0:0:' ? null : `${key}:/64`;
}

function ipaddrClientKey(ip: string): string {
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
  /** Clients counted at once before the oldest within budget are forgotten. */
  maxClients?: number;
}

/**
 * An onRequest hook allowing each client `max` requests per window. Every call makes its own budget;
 * give several routes the same hook to share one. `trackedClients()` says how many clients it counts now.
 */
export function rateLimit({ max, windowMs = 60_000, maxClients = MAX_TRACKED_CLIENTS }: RateLimitOptions) {
  let windowEndsAt = 0;
  let counts = new Map<string, number>();
  // Walks the clients in the order they were first counted (a Map iterates in insertion order and sees
  // entries added later), so finding the oldest costs O(1) instead of a scan.
  let oldest = counts.keys();

  /** Forgets the longest-tracked client still within budget; over-budget ones go to the back of the queue. */
  function forgetOne(limit: number): void {
    for (let chances = MAX_SECOND_CHANCES; ; chances--) {
      let next = oldest.next();
      if (next.done) {
        oldest = counts.keys();
        next = oldest.next();
        if (next.done) return;
      }
      const count = counts.get(next.value) ?? 0;
      counts.delete(next.value);
      if (count <= limit || chances === 0) return;
      counts.set(next.value, count);
    }
  }

  function limitRate(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const now = Date.now();
    if (now >= windowEndsAt) {
      counts = new Map();
      oldest = counts.keys();
      windowEndsAt = now + windowMs;
    }
    const limit = typeof max === 'function' ? max() : max;
    const key = clientKey(request.ip);
    const previous = counts.get(key);
    if (previous === undefined && counts.size >= maxClients) forgetOne(limit);
    const count = (previous ?? 0) + 1;
    counts.set(key, count);
    if (count <= limit) {
      done();
      return;
    }
    const seconds = Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
    void reply
      .code(429)
      .header('Retry-After', String(seconds))
      .send({ error: 'RATE_LIMITED', message: `Too many requests: try again in ${seconds} seconds` });
  }
  return Object.assign(limitRate, { trackedClients: () => counts.size });
}

/**
 * The limit of the public machine API (licence calls, update checks, downloads): the Settings value, read on
 * every request so a change applies without a restart. Each call of this makes its own budget per IP.
 */
export const machineApiRateLimit = (ctx: Pick<AppContext, 'settings'>) => rateLimit({ max: () => ctx.settings.get('rate_limit_per_minute') });
