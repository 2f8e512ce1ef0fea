import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../../common/webhooks.js';
import { createDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import * as migration from '../../db/migrations/0014-outgoing-webhooks.js';
import { createTestApp, createTestDatabase, testDialect, type TestApp } from '../../test/test-app.js';
import { createLicense } from '../licenses/index.js';
import { applyPaymentEvent } from '../orders/index.js';
import { publishRelease } from '../releases/index.js';
import { claimDueDeliveries, pruneDeliveries } from './deliveries.repository.js';
import { GIVE_UP_AFTER_MS, KEEP_FINISHED_MS, retryDelayMs } from './delivery-worker.js';
import { eventually, startReceiver, verifySignature, type Receiver } from '../../test/webhook-receiver.js';
import { unitOfWork } from '../../kernel/events.js';

const PLUGIN = 'postcode-delivery-zones';

describe(`outgoing webhooks (${testDialect()})`, () => {
  let t: TestApp;
  let receiver: Receiver;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // A 2 s request timeout keeps the hanging-receiver cases short (the default is 10 s); the receiver is on 127.0.0.1.
    t = await createTestApp({ env: { WEBHOOK_TIMEOUT_SECONDS: '2', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
    await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
    headers = await t.adminHeaders();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    t.ctx.webhooks.now = () => new Date();
    await t.ctx.webhooks.idle();
    await t.db.deleteFrom('webhook_deliveries').execute();
    await t.db.deleteFrom('webhook_endpoints').execute();
    receiver.respond(200);
    receiver.release();
    receiver.requests.length = 0;
  });

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const addEndpoint = async (body: Record<string, unknown>) => {
    const response = await api('POST', '/api/admin/webhook-endpoints', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WebhookEndpointWithSecret>();
  };
  const deliveries = () => t.db.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute();
  const bodyOf = (index: number) =>
    JSON.parse(receiver.requests[index]?.body ?? '{}') as { id: string; type: string; created_at: string; data: Record<string, unknown> };
  const newAdminLicense = async () => {
    const response = await api('POST', '/api/admin/licenses', { plugin_slug: PLUGIN, plan: 'lifetime', max_activations: 3 });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; key: string }>();
  };

  it('manages endpoints: the secret is answered on create and rotate only; malformed input is a 400 naming the field', async () => {
    const created = await addEndpoint({ url: receiver.url('/a'), events: ['order.paid', 'license.created', 'order.paid'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ events: ['order.paid', 'license.created'], active: true, secret_hint: `${created.secret.slice(0, 10)}…` });

    const list = await api('GET', '/api/admin/webhook-endpoints');
    expect(list.json<WebhookEndpoint[]>()).toEqual([
      { id: created.id, url: created.url, events: created.events, active: true, secret_hint: created.secret_hint, created_at: created.created_at },
    ]);
    expect(list.body).not.toContain(created.secret);

    const changed = await api('PATCH', `/api/admin/webhook-endpoints/${created.id}`, { events: [], active: false });
    expect(changed.json()).toMatchObject({ events: [], active: false, url: created.url });
    const rotated = await api('POST', `/api/admin/webhook-endpoints/${created.id}/rotate-secret`);
    expect(rotated.json<WebhookEndpointWithSecret>().secret).not.toBe(created.secret);

    for (const [payload, field] of [
      [{ url: 'ftp://example.com/x' }, 'url: must be a full http(s) URL'],
      [{ url: 'https://example.com/x', events: ['order.shipped'] }, 'events.0: must be one of order.paid'],
      [{ url: 'https://example.com/x', secret: 'mine' }, 'secret'],
      [{ url: 'https://example.com/x', active: 'yes' }, 'active: must be true or false'],
    ] as const) {
      const refused = await api('POST', '/api/admin/webhook-endpoints', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(field);
    }
    expect((await api('PATCH', '/api/admin/webhook-endpoints/999999', { active: true })).statusCode).toBe(404);
    expect((await api('POST', '/api/admin/webhook-endpoints/abc/test')).statusCode).toBe(400);
    expect((await api('POST', `/api/admin/webhook-endpoints/${created.id}/test`)).statusCode).toBe(409); // paused

    expect((await api('DELETE', `/api/admin/webhook-endpoints/${created.id}`)).statusCode).toBe(204);
    expect((await api('GET', '/api/admin/webhook-endpoints')).json()).toEqual([]);
    expect((await api('DELETE', `/api/admin/webhook-endpoints/${created.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/webhook-endpoints' })).statusCode).toBe(401);
  });

  it('signs every delivery as docs/webhooks.md documents, with the event id, timestamp and user agent headers', async () => {
    const endpoint = await addEndpoint({ url: receiver.url('/signed') });
    const license = await newAdminLicense();
    await receiver.waitFor(1);
    const [request] = receiver.requests;
    if (!request) throw new Error('no request');
    const body = bodyOf(0);
    expect(body).toMatchObject({ type: 'license.created', data: { id: license.id, key: license.key, plugin_slug: PLUGIN, status: 'active' } });
    expect(body.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(Object.keys(body)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(request.headers['x-webhook-id']).toBe(body.id);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^PluginLicensingServer-Webhooks\//);
    expect(Math.abs(Number(request.headers['x-webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(verifySignature(endpoint.secret, request)).toBe(true);
    // A changed body, another secret or a replay outside the window all fail.
    expect(verifySignature(endpoint.secret, { ...request, body: request.body.replace('active', 'revoked') })).toBe(false);
    expect(verifySignature('whsec_other', request)).toBe(false);
    expect(verifySignature(endpoint.secret, request, Math.floor(Date.now() / 1000) + 301)).toBe(false);
    await eventually(async () => (await deliveries())[0]?.status === 'delivered');
    expect(await deliveries()).toMatchObject([{ status: 'delivered', attempts: 1, last_status_code: 200, last_error: null }]);
  });

  it('fires every event type with its record, only to active endpoints whose filter matches', async () => {
    await addEndpoint({ url: receiver.url('/all') });
    await addEndpoint({ url: receiver.url('/activations'), events: ['license.activated'] });
    await addEndpoint({ url: receiver.url('/paused'), active: false });

    const license = await newAdminLicense();
    expect((await api('PATCH', `/api/admin/licenses/${license.id}`, { max_activations: 5 })).statusCode).toBe(200);
    const machine = (path: string, site: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/licenses/${path}`, payload: { license_key: license.key, site_url: site, plugin_slug: PLUGIN } });
    expect((await machine('activate', 'https://one.example.com')).json()).toMatchObject({ activated: true });
    expect((await machine('activate', 'https://one.example.com')).json()).toMatchObject({ activated: true }); // already active: no event
    expect((await machine('deactivate', 'https://one.example.com')).json()).toMatchObject({ deactivated: true });
    expect((await machine('activate', 'https://two.example.com')).json()).toMatchObject({ activated: true });
    const detail = await api('GET', `/api/admin/licenses/${license.id}`);
    const activationId = detail.json<{ activations: Array<{ id: number }> }>().activations[0]?.id;
    expect((await api('DELETE', `/api/admin/licenses/${license.id}/activations/${activationId}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/admin/licenses/${license.id}`)).statusCode).toBe(200);
    // Validation is not an event.
    await machine('validate', 'https://two.example.com');

    const paid = await applyPaymentEvent(t.ctx, {
      kind: 'paid',
      provider: 'lemonsqueezy',
      eventId: 'ls-evt-1',
      eventType: 'order_created',
      providerRef: 'ls-order-1',
      order: { email: 'buyer@example.com', pluginSlug: PLUGIN, amount: 4900, currency: 'GBP' },
    });
    expect(paid.outcome).toBe('fulfilled');
    expect(
      (
        await applyPaymentEvent(t.ctx, {
          kind: 'refunded',
          provider: 'lemonsqueezy',
          eventId: 'ls-evt-2',
          eventType: 'order_refunded',
          providerRef: 'ls-order-1',
        })
      ).outcome,
    ).toBe('refunded');
    const at = new Date().toISOString();
    await publishRelease(
      t.ctx,
      {
        plugin_slug: PLUGIN,
        version: '9.9.9',
        notes: 'Big one',
        zip_path: 'internal-name.zip',
        file_size: 123,
        sha384: 'ab',
        signature: 'c2ln',
        created_at: at,
      },
      at,
    );

    const expected = [
      'license.created',
      'license.updated',
      'license.activated',
      'license.deactivated',
      'license.activated',
      'license.deactivated',
      'license.revoked',
      'license.created',
      'order.paid',
      'license.revoked',
      'order.refunded',
      'release.published',
    ];
    await receiver.waitFor(expected.length + 2);
    await new Promise((resolve) => setTimeout(resolve, 200)); // nothing more arrives
    const byPath = (path: string) =>
      receiver.requests.filter((request) => request.path === path).map((request) => JSON.parse(request.body) as ReturnType<typeof bodyOf>);
    const all = byPath('/all');
    expect(all.map((event) => event.type)).toEqual(expected);
    expect(byPath('/activations').map((event) => event.data.site_url)).toEqual(['one.example.com', 'two.example.com']);
    expect(byPath('/paused')).toEqual([]);
    expect(new Set(all.map((event) => event.id)).size).toBe(all.length);

    const find = (type: string, nth = 0) => all.filter((event) => event.type === type)[nth]?.data;
    expect(find('license.updated')).toMatchObject({ id: license.id, max_activations: 5 });
    expect(find('license.activated')).toMatchObject({
      site_url: 'one.example.com',
      is_local: false,
      by: 'site',
      license: { id: license.id, key: license.key },
    });
    expect(find('license.deactivated', 1)).toMatchObject({ site_url: 'two.example.com', by: 'admin' });
    expect(find('license.revoked')).toMatchObject({ id: license.id, status: 'revoked' });
    const order = find('order.paid');
    expect(order).toMatchObject({ id: paid.orderId, email: 'buyer@example.com', amount: 4900, currency: 'GBP', status: 'paid', provider: 'lemonsqueezy' });
    expect(order).not.toHaveProperty('client_secret_hash');
    expect(order).not.toHaveProperty('provider_ref');
    expect(find('license.created', 1)).toMatchObject({ order_id: paid.orderId, customer_email: 'buyer@example.com' });
    expect(find('order.refunded')).toMatchObject({ id: paid.orderId, status: 'refunded' });
    expect(find('release.published')).toMatchObject({ plugin_slug: PLUGIN, version: '9.9.9', notes: 'Big one', file_size: 123 });
    expect(find('release.published')).not.toHaveProperty('zip_path');
  });

  it('writes deliveries in the transaction of the change: a change that rolls back leaves none', async () => {
    await addEndpoint({ url: receiver.url('/tx') });
    await expect(
      unitOfWork(t.ctx, async (unit) => {
        await createLicense(unit, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 1 });
        expect((await unit.trx.selectFrom('webhook_deliveries').select('id').execute()).length).toBe(1);
        throw new Error('the change fails after the licence and its event were written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await deliveries()).toEqual([]);
    // A refused admin change (unknown plugin) writes none either.
    expect((await api('POST', '/api/admin/licenses', { plugin_slug: 'no-such-plugin', plan: 'lifetime', max_activations: 1 })).statusCode).toBe(422);
    expect(await deliveries()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.requests).toEqual([]);
  });

  it('retries after a 500 with backoff, then delivers the same event', async () => {
    receiver.respond(500);
    await addEndpoint({ url: receiver.url('/flaky') });
    await newAdminLicense();
    await receiver.waitFor(1);
    const first = await eventually(async () => (await deliveries()).find((row) => row.status === 'pending' && row.attempts === 1));
    expect(first).toMatchObject({ last_status_code: 500, last_error: 'HTTP 500' });
    const wait = new Date(first.next_attempt_at ?? 0).getTime() - new Date(first.updated_at).getTime();
    expect(wait).toBeGreaterThanOrEqual(24_000); // 30 s -20 %
    expect(wait).toBeLessThanOrEqual(36_000); // 30 s +20 %

    // Not due yet: a pass sends nothing.
    t.ctx.webhooks.kick();
    await t.ctx.webhooks.idle();
    expect(receiver.requests).toHaveLength(1);

    receiver.respond(200);
    t.ctx.webhooks.now = () => new Date(Date.now() + 40_000);
    t.ctx.webhooks.kick();
    await receiver.waitFor(2);
    await eventually(async () => (await deliveries())[0]?.status === 'delivered');
    expect(await deliveries()).toMatchObject([{ status: 'delivered', attempts: 2, last_status_code: 200, last_error: null }]);
    expect(receiver.requests[1]?.body).toBe(receiver.requests[0]?.body);
    expect(receiver.requests[1]?.headers['x-webhook-id']).toBe(receiver.requests[0]?.headers['x-webhook-id']);

    const log = await api('GET', '/api/admin/webhook-deliveries');
    expect(log.json<WebhookDelivery[]>()).toMatchObject([
      { event_type: 'license.created', endpoint_url: receiver.url('/flaky'), status: 'delivered', attempts: 2, last_status_code: 200, next_attempt_at: null },
    ]);
  });

  it('forgets finished deliveries 30 days after they finished, never waiting ones', async () => {
    const endpoint = await addEndpoint({ url: receiver.url('/old') });
    const old = new Date(Date.now() - KEEP_FINISHED_MS - 60_000).toISOString();
    const recent = new Date(Date.now() - KEEP_FINISHED_MS + 3_600_000).toISOString();
    const rows = [
      { status: 'delivered', updated_at: old },
      { status: 'failed', updated_at: old },
      { status: 'delivered', updated_at: recent },
      { status: 'pending', updated_at: old },
    ];
    for (const [index, row] of rows.entries()) {
      await t.db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          event_id: `evt_old${index}`,
          event_type: 'test',
          body: '{}',
          attempts: 1,
          next_attempt_at: row.status === 'pending' ? '2999-01-01T00:00:00.000Z' : null,
          created_at: row.updated_at,
          ...row,
        })
        .execute();
    }
    expect(await pruneDeliveries(t.db, new Date(Date.now() - KEEP_FINISHED_MS).toISOString())).toBe(2);
    expect((await deliveries()).map((row) => row.event_id)).toEqual(['evt_old2', 'evt_old3']);
  });

  it('backs off 30 s doubling, capped at 1 h, with ±20 % jitter', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 0.5))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(12, 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, 0)).toBe(24_000);
    expect(retryDelayMs(1, 0.999_999)).toBe(36_000);
  });

  it('keeps at most one delivery in flight per endpoint, whoever else claims', async () => {
    receiver.respond('hang');
    await addEndpoint({ url: receiver.url('/slow') });
    for (let i = 0; i < 3; i += 1) await newAdminLicense();
    await receiver.waitFor(1);
    t.ctx.webhooks.kick();
    // Another process's claim, on the same database (the claim is the same conditional UPDATE): it gets nothing.
    expect(await claimDueDeliveries(t.db, new Date(), 60_000)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.inFlight()).toBe(1);
    expect((await deliveries()).map((row) => row.status).sort()).toEqual(['pending', 'pending', 'sending']);

    receiver.respond(200);
    receiver.release();
    await receiver.waitFor(3);
    await eventually(async () => (await deliveries()).every((row) => row.status === 'delivered'));
    expect(receiver.maxInFlight()).toBe(1);
    // One event after another, in the order they happened.
    const ids = (await deliveries()).map((row) => row.event_id);
    expect(receiver.requests.map((request) => request.headers['x-webhook-id'])).toEqual(ids);
  });

  it('gives up 24 h after the event: the last attempt lands on the deadline, then the delivery is failed', async () => {
    receiver.respond(500);
    await addEndpoint({ url: receiver.url('/down') });
    await newAdminLicense();
    await receiver.waitFor(1);
    const [row] = await eventually(async () => {
      const rows = await deliveries();
      return rows[0]?.attempts === 1 && rows[0].status === 'pending' ? rows : undefined;
    });
    const deadline = new Date(row?.created_at ?? 0).getTime() + GIVE_UP_AFTER_MS;

    t.ctx.webhooks.now = () => new Date(deadline - 30_000);
    t.ctx.webhooks.kick();
    await receiver.waitFor(2);
    const second = await eventually(async () => (await deliveries()).find((one) => one.attempts === 2 && one.status === 'pending'));
    expect(second.next_attempt_at).toBe(new Date(deadline).toISOString()); // 60 s backoff would pass the deadline

    t.ctx.webhooks.now = () => new Date(deadline + 1_000);
    t.ctx.webhooks.kick();
    await receiver.waitFor(3);
    await eventually(async () => (await deliveries())[0]?.status === 'failed');
    expect(await deliveries()).toMatchObject([{ status: 'failed', attempts: 3, last_status_code: 500, next_attempt_at: null }]);
    t.ctx.webhooks.now = () => new Date(deadline + 10 * 3_600_000);
    t.ctx.webhooks.kick();
    await t.ctx.webhooks.idle();
    expect(receiver.requests).toHaveLength(3);
  });

  it('Resend delivers a copy of the event; Send test event sends a signed test event to that endpoint only', async () => {
    receiver.respond(404);
    const endpoint = await addEndpoint({ url: receiver.url('/resend'), events: ['order.paid'] });
    const other = await addEndpoint({ url: receiver.url('/other') });
    await t.db.updateTable('webhook_endpoints').set({ active: 0 }).where('id', '=', other.id).execute();

    const test = await api('POST', `/api/admin/webhook-endpoints/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toMatchObject({ event_type: 'test', endpoint_id: endpoint.id, status: 'pending' });
    await receiver.waitFor(1);
    expect(bodyOf(0)).toMatchObject({ type: 'test', data: { endpoint_id: endpoint.id } });
    expect(verifySignature(endpoint.secret, receiver.requests[0] as never)).toBe(true);
    const original = await eventually(async () => (await deliveries()).find((row) => row.attempts === 1 && row.status === 'pending'));
    // Give the original up, as 24 h of 404s would.
    await t.db.updateTable('webhook_deliveries').set({ status: 'failed', next_attempt_at: null }).where('id', '=', original.id).execute();

    receiver.respond(200);
    const resent = await api('POST', `/api/admin/webhook-deliveries/${original.id}/resend`);
    expect(resent.statusCode).toBe(202);
    const copy = resent.json<WebhookDelivery>();
    expect(copy).toMatchObject({ event_id: original.event_id, event_type: 'test', status: 'pending', attempts: 0 });
    expect(copy.id).not.toBe(original.id);
    await receiver.waitFor(2);
    expect(receiver.requests[1]?.body).toBe(receiver.requests[0]?.body);
    await eventually(async () => (await deliveries()).find((row) => row.id === copy.id)?.status === 'delivered');
    expect((await deliveries()).find((row) => row.id === original.id)?.status).toBe('failed');
    expect(receiver.requests.every((request) => request.path === '/resend')).toBe(true);

    expect((await api('POST', '/api/admin/webhook-deliveries/999999/resend')).statusCode).toBe(404);
    const filtered = await api('GET', `/api/admin/webhook-deliveries?status=failed&endpoint_id=${endpoint.id}`);
    expect(filtered.json<WebhookDelivery[]>().map((one) => one.id)).toEqual([original.id]);
    expect((await api('GET', '/api/admin/webhook-deliveries?status=lost')).statusCode).toBe(400);
  });
});

describe(`migration 0014 (${testDialect()})`, () => {
  it('moves the webhook_endpoints setting into endpoints, each with its own new secret, and removes the setting', async () => {
    const testDb = await createTestDatabase();
    const db = createDatabase(testDb.target);
    try {
      await migrateToLatest(db);
      // Back to before 0014, with the old setting stored, then 0014 again.
      await migration.down(db);
      const urls = ['https://hooks.example.com/a', 'https://hooks.example.com/b', 'https://hooks.example.com/a'];
      await db
        .insertInto('settings')
        .values({ key: 'webhook_endpoints', value: JSON.stringify(urls), updated_at: new Date().toISOString() })
        .execute();
      await migration.up(db);
      const rows = await db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
      expect(rows.map((row) => [row.url, row.events, row.active])).toEqual([
        ['https://hooks.example.com/a', '[]', 1],
        ['https://hooks.example.com/b', '[]', 1],
      ]);
      expect(rows[0]?.secret).toMatch(/^whsec_/);
      expect(rows[0]?.secret).not.toBe(rows[1]?.secret);
      expect(await db.selectFrom('settings').select('key').where('key', '=', 'webhook_endpoints').execute()).toEqual([]);
    } finally {
      await db.destroy();
      await testDb.drop();
    }
  });
});
