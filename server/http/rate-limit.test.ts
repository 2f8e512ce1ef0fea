import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientKey, isLoopbackAddress, rateLimit } from './rate-limit.js';
import { decorateClientAddress } from './client-address.js';
import { RequestLogController } from './request-log.js';

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0003:0004:0005:0006', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['not an address', 'not an address'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['1270.0.0.1', false],
    ['::2', false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('rateLimit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function appWith(max: number | (() => number)) {
    // As buildApp does: the log controller takes each request's client address when it arrives.
    const app = Fastify({ trustProxy: isLoopbackAddress, logController: new RequestLogController() });
    decorateClientAddress(app);
    app.get('/limited', { onRequest: rateLimit({ name: 'test', max }) }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }
  const from = (app: Awaited<ReturnType<typeof appWith>>, ip: string) => app.inject({ url: '/limited', headers: { 'x-forwarded-for': ip } });

  it('allows max requests per client per minute, then answers 429 with Retry-After and a message', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await appWith(2);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await from(app, '198.51.100.1')).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const limited = await from(app, '198.51.100.1');
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toEqual({ error: 'RATE_LIMITED', message: 'Too many requests: try again in 60 seconds' });
    expect((await from(app, '198.51.100.2')).statusCode).toBe(200);

    vi.advanceTimersByTime(45_000);
    expect((await from(app, '198.51.100.1')).headers['retry-after']).toBe('15');
    vi.advanceTimersByTime(15_000);
    expect((await from(app, '198.51.100.1')).statusCode).toBe(200);
    await app.close();
  });

  it('counts every address of one IPv6 /64 together', async () => {
    const app = await appWith(2);
    const codes = [];
    for (const suffix of ['1', '2', '3']) codes.push((await from(app, `2001:db8:aa:bb::${suffix}`)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await app.close();
  });

  it('reads a function max on every request', async () => {
    let max = 1;
    const app = await appWith(() => max);
    expect((await from(app, '198.51.100.3')).statusCode).toBe(200);
    expect((await from(app, '198.51.100.3')).statusCode).toBe(429);
    max = 5;
    expect((await from(app, '198.51.100.3')).statusCode).toBe(200);
    await app.close();
  });

  describe('a flood of new addresses', () => {
    // Calls the hook directly: 200,000 requests through app.inject would take a minute.
    function limiter(max: number) {
      const hook = rateLimit({ name: 'test', max });
      const call = (ip: string): number => {
        let status = 200;
        const reply = { code: (code: number) => ((status = code), reply), header: () => reply, send: () => reply };
        hook({ clientAddress: ip, server: {} } as FastifyRequest, reply as unknown as FastifyReply, () => undefined);
        return status;
      };
      return { hook, call };
    }
    const attacker = (n: number) => `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;

    it('still gives a new client its full budget, and keeps memory bounded', () => {
      const { hook, call } = limiter(5);
      for (let n = 0; n < 200_000; n++) call(attacker(n));
      expect(hook.trackedClients()).toBeLessThanOrEqual(100_000);
      const codes = Array.from({ length: 6 }, () => call('198.51.100.7'));
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('keeps refusing a client over budget while new addresses flood in', () => {
      const { call } = limiter(5);
      for (let i = 0; i < 5; i++) expect(call('203.0.113.66')).toBe(200);
      expect(call('203.0.113.66')).toBe(429);
      for (let n = 0; n < 200_000; n++) call(attacker(n));
      expect(call('203.0.113.66')).toBe(429);
    });
  });
});
