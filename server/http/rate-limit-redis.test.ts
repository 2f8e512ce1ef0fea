// Shared rate limits against the real Redis of the machine (REDIS_TEST_URL, default redis://127.0.0.1:6379),
// each test under a key prefix of its own; a TCP relay in front of it plays a Redis that stops answering.
import net from 'node:net';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isLoopbackAddress, rateLimit, registerSharedRateLimits } from './rate-limit.js';
import { captureClientAddress, decorateClientAddress } from './client-address.js';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL);
const prefixes: string[] = [];
const closers: Array<() => Promise<unknown>> = [];

function newPrefix(): string {
  const prefix = `pls-test-${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
}

/** A Fastify app with one limited route, its limits shared through `redisUrl`, and its log lines. */
async function appWith(redisUrl: string, prefix: string, max: number) {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      callback();
    },
  });
  const app = Fastify({ trustProxy: isLoopbackAddress, logger: { level: 'info', stream } });
  // Each request's client address taken when it arrives (buildApp's log controller does it; this app logs as Fastify does).
  decorateClientAddress(app);
  app.addHook('onRequest', async (request) => captureClientAddress(request));
  await registerSharedRateLimits(app, { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
  app.get('/limited', { onRequest: rateLimit({ name: 'limited', max }) }, async () => ({ ok: true }));
  await app.ready();
  closers.push(() => app.close());
  const from = (ip: string) => app.inject({ url: '/limited', headers: { 'x-forwarded-for': ip } });
  const warnings = () => lines.filter((line) => line.level === 40).map((line) => line.msg);
  return { app, from, warnings, lines };
}

/** A TCP relay to the real Redis that can stop passing data on (a hung Redis), then resume as a restarted one. */
async function relayToRedis() {
  const target = new URL(REDIS_URL);
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (data) => {
      if (!stalled) upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (!stalled) client.write(data);
    });
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  };
  closers.push(close);
  return {
    url: `redis://127.0.0.1:${port}`,
    stall: () => (stalled = true),
    resume: () => {
      stalled = false;
      for (const socket of sockets) socket.destroy();
    },
  };
}

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

describe('rate limits shared through Redis', () => {
  it('two apps on one Redis count one budget per client, refusing past it with Retry-After and the message', async () => {
    const prefix = newPrefix();
    const a = await appWith(REDIS_URL, prefix, 3);
    const b = await appWith(REDIS_URL, prefix, 3);
    const codes = [];
    for (const app of [a, b, a]) codes.push((await app.from('198.51.100.1')).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    const refused = await b.from('198.51.100.1');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ error: 'RATE_LIMITED', message: `Too many requests: try again in ${seconds} seconds` });
    expect((await a.from('198.51.100.1')).statusCode).toBe(429);
    // Another client, and the same client's /64 neighbours in IPv6, as in-process.
    expect((await a.from('198.51.100.2')).statusCode).toBe(200);
    expect(a.warnings()).toEqual([]);
  });

  it('keeps one key per budget, client and window, expiring within the window', async () => {
    const prefix = newPrefix();
    const a = await appWith(REDIS_URL, prefix, 5);
    await a.from('203.0.113.5');
    await a.from('203.0.113.5');
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${prefix}rate:limited:\\d+:203\\.0\\.113\\.5$`));
    expect(await redis.get(keys[0] ?? '')).toBe('2');
    const ttl = await redis.pttl(keys[0] ?? '');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts and answers with in-process counts when Redis cannot be reached, logging it once', async () => {
    // A port nothing listens on: every connection attempt is refused at once.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const started = Date.now();
    const a = await appWith(`redis://127.0.0.1:${port}`, newPrefix(), 2);
    expect(Date.now() - started).toBeLessThan(5_000);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await a.from('198.51.100.9')).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // reconnection attempts keep failing meanwhile
    expect(a.warnings()).toEqual([
      'Redis does not answer: rate limits are counted per instance until it does',
      'Redis did not answer at start: rate limits are counted per instance until it does',
    ]);
  });

  it('falls back to in-process counts within the command timeout when Redis stops answering, and shares again once it is back', async () => {
    const relay = await relayToRedis();
    const prefix = newPrefix();
    const a = await appWith(relay.url, prefix, 100);
    expect((await a.from('198.51.100.20')).statusCode).toBe(200);

    relay.stall();
    const during = [];
    const waited = [];
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      during.push((await a.from('198.51.100.20')).statusCode);
      waited.push(Date.now() - started >= 250);
    }
    expect(during).toEqual([200, 200, 200, 200, 200]);
    // The first request waited for the command timeout (250 ms); the others skipped Redis. Counted per request,
    // not as one total, so a busy machine's slower answers cannot pass for waits or hide one.
    expect(waited[0]).toBe(true);
    expect(waited.filter(Boolean).length).toBeLessThanOrEqual(2);
    expect(a.warnings()).toEqual(['Redis does not answer: rate limits are counted per instance until it does']);

    // Redis back (as after a restart: the connections drop, the client reconnects): counted in Redis again.
    // The reconnection backs off, so a loaded machine may take seconds.
    relay.resume();
    for (let i = 0; i < 300 && !a.lines.some((line) => line.msg.startsWith('Redis answers again')); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await a.from('198.51.100.20')).statusCode).toBe(200);
    const keys = await redis.keys(`${prefix}rate:limited:*:198.51.100.20`);
    // The first request and this one: the five while Redis hung were counted in the app's memory only.
    expect(await redis.get(keys[0] ?? '')).toBe('2');
  });
});
