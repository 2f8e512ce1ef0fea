import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';

const PLUGIN = 'postcode-delivery-zones';
let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  ({ t, headers } = await startAdminApp());
  await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const activate = (key: string, site: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/licenses/activate', payload: { license_key: key, site_url: site, plugin_slug: PLUGIN } });

describe('admin licences', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/licenses' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/licenses', payload: { plugin_slug: PLUGIN } })).statusCode).toBe(401);
  });

  it('creates with a generated key and the defaults, lists it, and filters by plugin', async () => {
    const created = await admin('POST', '/api/admin/licenses', { plugin_slug: PLUGIN });
    expect(created.statusCode).toBe(201);
    const license = created.json();
    expect(license).toMatchObject({ plugin_slug: PLUGIN, plan: 'pro_yearly', status: 'active', max_activations: 3, activations_used: 0, activations: [] });
    expect(license.key).toMatch(/^8022(-[A-Z0-9]{4}){4}$/);
    const list = (await admin('GET', `/api/admin/licenses?plugin_slug=${PLUGIN}`)).json() as Array<{ key: string }>;
    expect(list.map((l) => l.key)).toContain(license.key);
    expect((await admin('GET', '/api/admin/licenses?plugin_slug=nothing-here')).json()).toEqual([]);
  });

  it('answers 409 with a clear message on a duplicate key', async () => {
    const body = { key: '8022-DUPE-DUPE-DUPE-DUPE', plugin_slug: PLUGIN, plan: 'lifetime', status: 'active', max_activations: 3 };
    expect((await admin('POST', '/api/admin/licenses', body)).statusCode).toBe(201);
    const again = await admin('POST', '/api/admin/licenses', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already exists');
  });

  it.each([
    [{ plugin_slug: PLUGIN, key: '' }, 'License key is required'],
    [{ plugin_slug: PLUGIN, max_activations: 0 }, 'at least 1'],
    [{ plugin_slug: PLUGIN, max_activations: 101 }, 'at most 100'],
    [{ plugin_slug: PLUGIN, max_activations: '3' }, 'whole number'],
    [{ plugin_slug: PLUGIN, plan: 'forever' }, 'Plan must be one of'],
    [{ plugin_slug: PLUGIN, status: 'paused' }, 'Status must be one of'],
    [{ plugin_slug: 'no-such-plugin' }, 'does not exist'],
    [{}, 'Plugin is required'],
    [{ plugin_slug: PLUGIN, key: 'x'.repeat(500) }, 'at most 64'],
  ])('refuses %j with a message', async (body, message) => {
    const response = await admin('POST', '/api/admin/licenses', body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toContain(message);
  });

  it('reads one licence with its sites, edits it, releases one site and revokes it keeping the record', async () => {
    const license = (await admin('POST', '/api/admin/licenses', { plugin_slug: PLUGIN, plan: 'lifetime', max_activations: 2 })).json();
    await activate(license.key, 'https://one.com');
    await activate(license.key, 'http://localhost/wp');
    const detail = (await admin('GET', `/api/admin/licenses/${license.id}`)).json();
    expect(detail.activations_used).toBe(1);
    expect(detail.activations.map((a: { site_url: string; is_local: boolean }) => [a.site_url, a.is_local])).toEqual([
      ['one.com', false],
      ['localhost/wp', true],
    ]);

    const edited = await admin('PATCH', `/api/admin/licenses/${license.id}`, { plan: 'pro_monthly', max_activations: 5 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ plan: 'pro_monthly', max_activations: 5 });
    expect(edited.json().expires_at).not.toBeNull();
    const past = await admin('PATCH', `/api/admin/licenses/${license.id}`, { expires_at: '2020-01-01T00:00:00Z' });
    expect(past.json().status).toBe('expired');
    expect((await admin('PATCH', `/api/admin/licenses/${license.id}`, { expires_at: null })).json().status).toBe('active');
    expect((await admin('PATCH', `/api/admin/licenses/${license.id}`, {})).statusCode).toBe(400);
    expect((await admin('PATCH', `/api/admin/licenses/${license.id}`, { expires_at: 'tomorrow' })).statusCode).toBe(400);

    const siteId = detail.activations[0].id as number;
    const released = await admin('DELETE', `/api/admin/licenses/${license.id}/activations/${siteId}`);
    expect(released.statusCode).toBe(200);
    expect(released.json().activations).toHaveLength(1);
    expect((await admin('DELETE', `/api/admin/licenses/${license.id}/activations/${siteId}`)).statusCode).toBe(404);

    const revoked = await admin('DELETE', `/api/admin/licenses/${license.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', activations: [] });
    expect((await admin('GET', `/api/admin/licenses/${license.id}`)).json().status).toBe('revoked');
  });

  it('refuses lowering max activations below the sites in use', async () => {
    const license = (await admin('POST', '/api/admin/licenses', { plugin_slug: PLUGIN, max_activations: 2 })).json();
    await activate(license.key, 'https://one.com');
    await activate(license.key, 'https://two.com');
    const response = await admin('PATCH', `/api/admin/licenses/${license.id}`, { max_activations: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('deactivate sites');
  });

  it.each([
    ['GET', '/api/admin/licenses/abc'],
    ['GET', '/api/admin/licenses/99999'],
    ['DELETE', '/api/admin/licenses/99999'],
    ['PATCH', '/api/admin/licenses/-1'],
    ['GET', '/api/admin/licenses/99999999999999'],
  ] as const)('%s %s → 4xx', async (method, url) => {
    const response = await admin(method, url, method === 'PATCH' ? { plan: 'trial' } : undefined);
    expect([400, 404]).toContain(response.statusCode);
  });
});

describe('dashboard', () => {
  it('stats count active (not revoked, not expired), counted activations and the latest version', async () => {
    const before = (await admin('GET', '/api/admin/stats')).json();
    const a = (await admin('POST', '/api/admin/licenses', { plugin_slug: PLUGIN })).json();
    const b = (await admin('POST', '/api/admin/licenses', { plugin_slug: PLUGIN })).json();
    const c = (await admin('POST', '/api/admin/licenses', { plugin_slug: PLUGIN })).json();
    await activate(a.key, 'https://stats-one.com');
    await activate(a.key, 'https://stats-one.test');
    await admin('DELETE', `/api/admin/licenses/${b.id}`);
    await admin('PATCH', `/api/admin/licenses/${c.id}`, { expires_at: '2020-01-01T00:00:00Z' });
    await t.db.updateTable('plugins').set({ current_version: '1.10.0' }).where('slug', '=', PLUGIN).execute();
    const after = (await admin('GET', '/api/admin/stats')).json();
    expect(after.totalLicenses - before.totalLicenses).toBe(3);
    expect(after.activeLicenses - before.activeLicenses).toBe(1);
    expect(after.totalActivations - before.totalActivations).toBe(1);
    expect(after.latestVersion).toBe('1.10.0');

    const activities = (await admin('GET', '/api/admin/activities?limit=5')).json() as Array<{ action_type: string; details: Record<string, unknown> }>;
    expect(activities).toHaveLength(5);
    expect(activities[0]).toMatchObject({ action_type: 'license_updated' });
    expect(activities.some((row) => row.action_type === 'license_revoked' && row.details.license_key === b.key)).toBe(true);
    expect((await admin('GET', '/api/admin/activities?limit=0')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });
});
