// Where outgoing webhooks may go (docs/webhooks.md, "Where webhooks may go"): public addresses only, checked when
// an endpoint is saved and again after DNS at each attempt, unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookEndpointWithSecret } from '../../../common/webhooks.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { eventually, startReceiver, type Receiver } from '../../test/webhook-receiver.js';
import type { LookupAll } from './destination.js';
import { insertEndpoint } from './endpoints.repository.js';
import { newWebhookSecret } from './secret.js';

/** The list, with the rest of the non-public ranges: every one is refused when saved. */
const INTERNAL_URLS = [
  'http://127.0.0.1/hooks',
  'http://localhost/hooks',
  'http://127.1/hooks',
  'http://2130706433/hooks',
  'http://0x7f000001/hooks',
  'http://0177.0.0.1/hooks',
  'http://0.0.0.0/hooks',
  'http://[::1]/hooks',
  'http://[::ffff:127.0.0.1]/hooks',
  'http://[::ffff:7f00:1]/hooks',
  'http://[::127.0.0.1]/hooks',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://10.0.0.5/hooks',
  'http://172.16.0.1/hooks',
  'http://192.168.1.10/hooks',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://100.64.0.1/hooks',
  'http://224.0.0.1/hooks',
  'http://255.255.255.255/hooks',
  'http://[fe80::1]/hooks',
  // A name whose DNS answer is private (the test's resolver below says 10.1.2.3 for it).
  'https://intranet.example.com/hooks',
];

/** Public names resolve to a documentation-free public address, intranet.* to a private one, the rest are not found. */
const testLookup: LookupAll = async (hostname) => {
  if (hostname.startsWith('intranet.')) return [{ address: '10.1.2.3', family: 4 }];
  if (hostname === 'hooks.example.com') return [{ address: '93.184.215.14', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

function useApp(env: Record<string, string>) {
  const state = {} as { t: TestApp; headers: Record<string, string>; receiver: Receiver };
  beforeAll(async () => {
    state.t = await createTestApp({ env });
    await state.t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
    state.headers = await state.t.adminHeaders();
    state.receiver = await startReceiver();
  });
  afterAll(async () => {
    await state.receiver.close();
    await state.t.close();
  });
  beforeEach(async () => {
    state.t.ctx.webhooks.lookup = testLookup;
    await state.t.ctx.webhooks.idle();
    await state.t.db.deleteFrom('webhook_deliveries').execute();
    await state.t.db.deleteFrom('webhook_endpoints').execute();
    state.receiver.respond(200);
    state.receiver.release();
    state.receiver.requests.length = 0;
  });
  const api = (method: 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    state.t.app.inject({ method, url, headers: state.headers, ...(payload ? { payload } : {}) });
  /** Sends a test event to the endpoint and answers its delivery after the first attempt. */
  const firstAttempt = async (endpointId: number) => {
    expect((await api('POST', `/api/admin/webhook-endpoints/${endpointId}/test`)).statusCode).toBe(202);
    return eventually(async () =>
      (await state.t.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute()).find(
        (row) => row.attempts === 1 && row.status !== 'sending',
      ),
    );
  };
  /** An endpoint written straight to the table, as one saved before these checks (or under the opt-in) would be. */
  const storedEndpoint = (url: string) =>
    insertEndpoint(state.t.db, { url, secret: newWebhookSecret(), events: [], active: true, at: new Date().toISOString() });
  return { state, api, firstAttempt, storedEndpoint };
}

describe(`webhook destinations, by default (${testDialect()})`, () => {
  const { state, api, firstAttempt, storedEndpoint } = useApp({ WEBHOOK_TIMEOUT_SECONDS: '2' });

  it('refuses, when saved, every loopback, private, link-local, unique-local, CGNAT, unspecified, multicast and broadcast spelling', async () => {
    for (const url of INTERNAL_URLS) {
      const refused = await api('POST', '/api/admin/webhook-endpoints', { url });
      expect(refused.statusCode, url).toBe(400);
      const answer = refused.json<{ message: string; details: { fields: Array<{ field: string; message: string }> } }>();
      expect(answer.message, url).toMatch(
        /^Invalid body: url: must not point to a private or local network address: .+ \(set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true/,
      );
      expect(answer.details.fields).toEqual([{ field: 'url', message: expect.stringContaining('must not point to a private or local network') }]);
    }
    expect(await state.t.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);

    const userinfo = await api('POST', '/api/admin/webhook-endpoints', { url: 'https://user:pass@hooks.example.com/hooks' });
    expect(userinfo.statusCode).toBe(400);
    expect(userinfo.json<{ message: string }>().message).toBe('Invalid body: url: must not contain a user name or password');

    // A public name is fine; changing it to an internal one is refused the same way.
    const created = await api('POST', '/api/admin/webhook-endpoints', { url: 'https://hooks.example.com/hooks' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<WebhookEndpointWithSecret>();
    const changed = await api('PATCH', `/api/admin/webhook-endpoints/${id}`, { url: 'http://[::1]:8080/hooks' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json<{ message: string }>().message).toContain('::1 is a loopback address');
    expect((await api('PATCH', `/api/admin/webhook-endpoints/${id}`, { active: false })).statusCode).toBe(200);
  });

  it('refuses at delivery an endpoint that reaches inside the network, without connecting: "address not allowed"', async () => {
    const port = new URL(state.receiver.url()).port;
    // Stored without the save check: localhost by name, and a name that resolved to a public address when it was
    // saved but resolves to the receiver's loopback now (DNS rebinding).
    const local = await storedEndpoint(`http://localhost:${port}/local`);
    const rebound = await api('POST', '/api/admin/webhook-endpoints', { url: `http://hooks.example.com:${port}/rebound` });
    expect(rebound.statusCode, rebound.body).toBe(201);
    state.t.ctx.webhooks.lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const literal = await storedEndpoint(`${state.receiver.url('/literal')}`);
    const credentials = await storedEndpoint(`https://user:pass@hooks.example.com/x`);

    for (const [id, label] of [
      [local.id, 'address not allowed'],
      [rebound.json<WebhookEndpointWithSecret>().id, 'address not allowed'],
      [literal.id, 'address not allowed'],
      [credentials.id, 'user name or password in the URL'],
    ] as const) {
      expect(await firstAttempt(id)).toMatchObject({ status: 'pending', last_status_code: null, last_error: label });
    }
    expect(state.receiver.requests).toEqual([]);
  });
});

describe(`webhook destinations with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true (${testDialect()})`, () => {
  const { state, api, firstAttempt, storedEndpoint } = useApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_SECONDS: '1' });

  it('accepts every private spelling, but never a user name or password', async () => {
    for (const url of INTERNAL_URLS) {
      const created = await api('POST', '/api/admin/webhook-endpoints', { url, active: false });
      expect(created.statusCode, `${url}: ${created.body}`).toBe(201);
      await state.t.db.deleteFrom('webhook_endpoints').execute(); // at most 20 endpoints
    }
    const userinfo = await api('POST', '/api/admin/webhook-endpoints', { url: 'http://user:pass@127.0.0.1/hooks' });
    expect(userinfo.statusCode).toBe(400);
    expect(userinfo.json<{ message: string }>().message).toContain('must not contain a user name or password');
  });

  it('connects to the address it resolved, with the host name in the Host header', async () => {
    const port = new URL(state.receiver.url()).port;
    // Only this resolver knows the name: the system's would not find it.
    state.t.ctx.webhooks.lookup = async (hostname) => (hostname === 'receiver.example.test' ? [{ address: '127.0.0.1', family: 4 }] : testLookup(hostname));
    const endpoint = await storedEndpoint(`http://receiver.example.test:${port}/pinned`);
    expect(await firstAttempt(endpoint.id)).toMatchObject({ status: 'delivered', last_status_code: 200, last_error: null });
    expect(state.receiver.requests.map((request) => [request.path, request.headers.host])).toEqual([['/pinned', `receiver.example.test:${port}`]]);
  });

  it('logs a plain failure class, never the socket error: could not connect, timed out, HTTP 500', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const refused = await storedEndpoint(`http://127.0.0.1:${closedPort}/hooks`);
    expect(await firstAttempt(refused.id)).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'could not connect' });

    const unknown = await storedEndpoint(`http://no-such-host.example.test/hooks`);
    expect(await firstAttempt(unknown.id)).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'could not resolve the host name' });

    state.receiver.respond('hang');
    const slow = await storedEndpoint(state.receiver.url('/slow'));
    expect(await firstAttempt(slow.id)).toMatchObject({ status: 'pending', last_status_code: null, last_error: 'timed out' });

    state.receiver.respond(500);
    const failing = await storedEndpoint(state.receiver.url('/failing'));
    expect(await firstAttempt(failing.id)).toMatchObject({ status: 'pending', last_status_code: 500, last_error: 'HTTP 500' });
  });
});
