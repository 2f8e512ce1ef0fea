import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startTwoInstances, closeBoth } from '../../test/admin-app.js';
import { makePluginZip, multipartBody } from '../../test/release-test-helpers.js';
import { sha256Hex } from '../../lib/crypto.js';
import { addMember, memberHeaders } from '../../test/team.js';

describe(`scoped API keys (${testDialect()})`, () => {
  let t: TestApp, second: TestApp;
  beforeAll(async () => ({ t, second } = await startTwoInstances()));
  afterAll(async () => closeBoth({ t, second }));

  const createKey = async (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: await t.adminHeaders(), payload });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a releases:write key uploads a release, reads releases, and is refused on customers; shown once, stored hashed', async () => {
    const created = await createKey({ name: 'CI', scopes: ['releases:write'] });
    expect(created.statusCode).toBe(201);
    const key = created.json<{ id: number; token: string; prefix: string; scopes: string[]; created_by: string }>();
    expect(key.token).toMatch(/^plsk_/);
    expect(key.token.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ scopes: ['releases:write'], created_by: 'Owner' });
    const stored = await t.db.selectFrom('api_keys').select('token_hash').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256Hex(key.token));
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: await t.adminHeaders() });
    expect(list.body).not.toContain(key.token);

    const body = multipartBody(
      { plugin_slug: 'postcode-delivery-zones', version: '9.1.0', notes: 'From CI' },
      { content: await makePluginZip('postcode-delivery-zones', '9.1.0') },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/releases',
      payload: body.payload,
      headers: { ...bearer(key.token), ...body.headers },
    });
    expect(upload.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/releases', headers: bearer(key.token) })).statusCode).toBe(200);
    const customers = await t.app.inject({ method: 'GET', url: '/api/admin/customers', headers: bearer(key.token) });
    expect(customers.statusCode).toBe(403);
    expect(customers.json<{ message: string }>().message).toBe('This API key’s scopes do not include customers:read; ask the shop owner for access.');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: bearer(key.token) })).statusCode).toBe(403);
    const used = await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
  });

  it('a revoked key is refused at once on another instance; an expired key too', async () => {
    const key = (await createKey({ name: 'Support bot', scopes: ['customers:read', 'licenses:read'] })).json<{ id: number; token: string }>();
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/customers', headers: bearer(key.token) })).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/licenses', headers: bearer(key.token) })).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(key.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/api-keys/${key.id}`, headers: await t.adminHeaders() })).statusCode).toBe(200);
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/customers', headers: bearer(key.token) })).statusCode).toBe(401);

    const soon = (await createKey({ name: 'Short', scopes: ['orders:read'], expires_at: new Date(Date.now() + 60_000).toISOString() })).json<{
      id: number;
      token: string;
    }>();
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(soon.token) })).statusCode).toBe(200);
    await t.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', soon.id)
      .execute();
    expect((await second.app.inject({ method: 'GET', url: '/api/admin/orders', headers: bearer(soon.token) })).statusCode).toBe(401);
  });

  it('refuses malformed key requests with 400 and a message; the old API token stays the owner’s full token', async () => {
    const noScopes = await createKey({ name: 'x', scopes: [] });
    expect(noScopes.statusCode).toBe(400);
    expect(noScopes.json<{ message: string }>().message).toContain('Choose at least one scope');
    const unknown = await createKey({ name: 'x', scopes: ['team:manage'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('Each scope must be one of');
    const past = await createKey({ name: 'x', scopes: ['orders:read'], expires_at: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);

    const token = (await t.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers: await t.adminHeaders() })).json<{ token: string }>()
      .token;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/team', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('an admin member manages keys; a developer cannot', async () => {
    await addMember(t, 'admin@example.com', 'admin');
    await addMember(t, 'dev@example.com', 'developer');
    const admin = await memberHeaders(t, 'admin@example.com');
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'By admin', scopes: ['orders:read'] } });
    expect(created.json()).toMatchObject({ created_by: 'admin@example.com' });
    const dev = await memberHeaders(t, 'dev@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: dev, payload: { name: 'x', scopes: ['orders:read'] } })).statusCode).toBe(
      403,
    );
  });
});
