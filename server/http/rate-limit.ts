// Per-client-IP request limits for public routes: a fixed one-minute window, answered with 429, a
// Retry-After header and a message. It replaced @fastify/rate-limit, whose promise chain, per-request
// address parsing and per-route cache measured about 5 % of a licence validation, the busiest call.
// With REDIS_URL set the counts are shared by every instance through Redis (docs/rate-limits.md);
// without it, or while Redis does not answer, each process counts in its own memory.
import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config.js';
import type { AppContext } from '../kernel/context.js';

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
    const tail = ip
      .slice(gap + 2)
      .split(':')
      .filter(Boolean);
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
export const isLoopbackAddress = (address: string | undefined): boolean =>
  // A reset socket has no address: Fastify's proxy-addr then asks about `undefined` (issue 37).
  typeof address === 'string' && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

export interface RateLimitOptions {
  /**
   * The budget's name, the same in every instance and across restarts: with Redis its counters are keys
   * under it, so two calls with one name share a budget there. One name per budget.
   */
  name: string;
  /** Requests allowed per client per window; a function is read on every request (e.g. from Settings). */
  max: number | (() => number);
  windowMs?: number;
  /** Clients counted at once before the oldest within budget are forgotten. */
  maxClients?: number;
  /**
   * Whom to count instead of the client's address, e.g. the account a sign-in names (then give the hook as a
   * `preHandler`, after the body is parsed). Undefined: the address.
   */
  key?: (request: FastifyRequest) => string | undefined;
}

/**
 * An onRequest hook allowing each client `max` requests per window. Every call makes its own budget;
 * give several routes the same hook to share one. `trackedClients()` says how many clients it counts now
 * in this process. With shared limits registered on the app (`registerSharedRateLimits`), the count
 * lives in Redis while Redis answers.
 */
export function rateLimit({ name, max, windowMs = 60_000, maxClients = MAX_TRACKED_CLIENTS, key: keyOf }: RateLimitOptions) {
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
    const limit = typeof max === 'function' ? max() : max;
    const key = keyOf?.(request) ?? clientKey(request.clientAddress);
    const shared = request.server.sharedRateLimits;
    if (shared?.answering(now)) {
      void shared.count(name, key, now, windowMs).then((counted) => {
        if (counted === null) countHere(key, now, limit, reply, done);
        else if (counted.count <= limit) done();
        else refuse(reply, counted.windowEndsAt - now);
      });
      return;
    }
    countHere(key, now, limit, reply, done);
  }

  function countHere(key: string, now: number, limit: number, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (now >= windowEndsAt) {
      counts = new Map();
      oldest = counts.keys();
      windowEndsAt = now + windowMs;
    }
    const previous = counts.get(key);
    if (previous === undefined && counts.size >= maxClients) forgetOne(limit);
    const count = (previous ?? 0) + 1;
    counts.set(key, count);
    if (count <= limit) done();
    else refuse(reply, windowEndsAt - now);
  }
  return Object.assign(limitRate, { trackedClients: () => counts.size });
}

function refuse(reply: FastifyReply, msLeft: number): void {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  void reply
    .code(429)
    .header('Retry-After', String(seconds))
    .send({ error: 'RATE_LIMITED', message: `Too many requests: try again in ${seconds} seconds` });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by registerSharedRateLimits when REDIS_URL is configured. */
    sharedRateLimits?: SharedRateLimits;
  }
}

/**
 * A request that waits longer than this for Redis is counted in-process instead; a Redis round trip on a
 * network takes about a millisecond, so 250 ms only ever fires on a Redis that has stopped answering.
 */
const REDIS_COMMAND_TIMEOUT_MS = 250;
/** After Redis failed a command, requests skip it for this long (a hung Redis would cost every request 250 ms). */
const REDIS_RETRY_AFTER_MS = 5_000;
/** How long the start waits for Redis before serving with in-process counts (it keeps reconnecting). */
const REDIS_START_WAIT_MS = 2_000;

// INCR and, for a new key, PEXPIRE in one atomic round trip. A key is one window of one budget for one
// client, so it is never needed past the window: it expires at most `windowMs` after its first request.
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type CountingRedis = Redis & { rateLimitCount(key: string, windowMs: number): Promise<number> };

/**
 * Fixed-window counts kept in Redis and so shared by every instance using it. Windows are aligned to the
 * clock (window n covers [n × windowMs, (n + 1) × windowMs)), so instances agree on them without talking.
 * While Redis does not answer, `answering()` is false (or `count` answers null) and the hook counts
 * in-process: each instance then allows the whole budget on its own, never refuses for want of Redis.
 */
export class SharedRateLimits {
  private readonly redis: CountingRedis;
  private skipUntil = 0;
  private outage = false;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = new Redis(url, {
      // Fail a command at once while disconnected rather than queue it: the request falls back instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_START_WAIT_MS,
    }) as CountingRedis;
    this.redis.defineCommand('rateLimitCount', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    this.redis.on('error', (error: Error) => this.failed(error));
    this.redis.on('ready', () => {
      if (this.outage) this.recovered();
    });
  }

  private recovered(): void {
    this.outage = false;
    this.skipUntil = 0;
    this.log.info('Redis answers again: rate limits are shared across instances again');
  }

  /** Whether the first connection succeeds: false on its first error or after `ms` (it keeps reconnecting). */
  async connected(ms = REDIS_START_WAIT_MS): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const settle = (ready: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady).off('error', onError);
        resolve(ready);
      };
      const onReady = () => settle(true);
      const onError = () => settle(false);
      const timer = setTimeout(onError, ms);
      this.redis.once('ready', onReady).once('error', onError);
    });
  }

  /** Whether to ask Redis now: connected and not in the pause after a failed command. */
  answering(now: number): boolean {
    return now >= this.skipUntil && this.redis.status === 'ready';
  }

  /** This request's number in its client's window, and when the window ends; null when Redis failed. */
  async count(name: string, client: string, now: number, windowMs: number): Promise<{ count: number; windowEndsAt: number } | null> {
    const window = Math.floor(now / windowMs);
    try {
      const count = await this.redis.rateLimitCount(`${this.prefix}rate:${name}:${window}:${client}`, windowMs);
      if (this.outage) this.recovered();
      return { count, windowEndsAt: (window + 1) * windowMs };
    } catch (error) {
      this.skipUntil = Date.now() + REDIS_RETRY_AFTER_MS;
      this.failed(error as Error);
      return null;
    }
  }

  /** Logged once per outage: every request of a down Redis would otherwise log. */
  private failed(error: Error): void {
    if (this.outage) return;
    this.outage = true;
    this.log.warn({ err: error }, 'Redis does not answer: rate limits are counted per instance until it does');
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/**
 * With REDIS_URL set, makes every rateLimit() hook of this app count in Redis. Waits up to 2 s for the
 * connection at start; a Redis that is down then only means per-instance counts until it answers.
 */
export async function registerSharedRateLimits(app: FastifyInstance, config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>): Promise<void> {
  if (!config.REDIS_URL) return;
  const shared = new SharedRateLimits(config.REDIS_URL, config.REDIS_KEY_PREFIX, app.log);
  if (!(await shared.connected())) app.log.warn('Redis did not answer at start: rate limits are counted per instance until it does');
  app.decorate('sharedRateLimits', shared);
  app.addHook('onClose', async () => shared.close());
}

/**
 * The limit of the public machine API (licence calls, update checks, downloads): the Settings value, read on
 * every request so a change applies without a restart. Each call of this makes its own budget per IP.
 */
export const machineApiRateLimit = (ctx: Pick<AppContext, 'settings'>, name: string) =>
  rateLimit({ name, max: () => ctx.settings.get('rate_limit_per_minute') });
