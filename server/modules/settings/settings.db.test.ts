import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';

describe(`settings (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers the defaults with secrets masked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      rate_limit_per_minute: 60,
      max_file_size_mb: 50,
      local_sites_exempt: true,
      staging_site_patterns: [],
      trust_environment_claim: false,
      min_release_version: '1.7.51',
      secrets: { stripe_webhook_secret: { is_set: false } },
      api_token: { is_set: false },
    });
  });

  it('saves values that survive a restart and never answers a secret back', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: await t.adminHeaders(),
      payload: { base_url: 'https://shop.example.com', rate_limit_per_minute: 120, stripe_webhook_secret: 'whsec_supersecretvalue' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain('whsec_supersecretvalue');
    t = await t.restart();
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: await t.adminHeaders() });
    expect(response.json()).toMatchObject({
      base_url: 'https://shop.example.com',
      rate_limit_per_minute: 120,
      secrets: { stripe_webhook_secret: { is_set: true } },
    });
    expect(response.body).not.toContain('whsec_supersecretvalue');
    expect(t.ctx.settings.getSecret('stripe_webhook_secret')).toBe('whsec_supersecretvalue');
  });

  it.each([
    [{ rate_limit_per_minute: 0 }, 'rate_limit_per_minute'],
    [{ rate_limit_per_minute: 'fast' }, 'rate_limit_per_minute'],
    [{ max_file_size_mb: 1.5 }, 'max_file_size_mb'],
    [{ base_url: 'not a url' }, 'base_url'],
    // Endpoints moved to /api/admin/webhook-endpoints (docs/webhooks.md): the old field is refused by name.
    [{ webhook_endpoints: ['https://hooks.example.com/a'] }, 'webhook_endpoints'],
    [{ unknown_setting: 1 }, 'unknown_setting'],
    [{ trust_environment_claim: 'yes' }, 'trust_environment_claim: must be true or false'],
    [{ staging_site_patterns: 'staging.*' }, 'staging_site_patterns'],
    [{ staging_site_patterns: ['staging.*', 'bad pattern!'] }, 'staging_site_patterns.1: "bad pattern!" is not a host pattern'],
    [{ staging_site_patterns: ['staging*.acme.com'] }, 'is not a host pattern'],
    [{ staging_site_patterns: ['https://staging.acme.com'] }, 'is not a host pattern'],
    [{ staging_site_patterns: ['*.*'] }, '"*.*" would match every site'],
    [{ staging_site_patterns: ['www.staging.acme.com'] }, 'starts with www.'],
    [{ staging_site_patterns: ['  '] }, 'staging_site_patterns.0: a pattern must not be empty'],
    [{ staging_site_patterns: [`${'a.'.repeat(127)}com`] }, 'at most 253 characters'],
    [{ staging_site_patterns: Array.from({ length: 51 }, (_, i) => `s${i}.*`) }, 'staging_site_patterns: at most 50 patterns'],
    [{ min_release_version: '1.7' }, 'min_release_version: must be a version x.y.z such as 1.7.51, or 1.0.0 to sell from your first release'],
    [{ min_release_version: 'v1.0.0' }, 'min_release_version: must be a version x.y.z'],
    [{ min_release_version: '1.0.0.0' }, 'min_release_version: must be a version x.y.z'],
    [{ min_release_version: '' }, 'min_release_version: must be a version x.y.z'],
    [{ min_release_version: null }, 'min_release_version: must be a version such as 1.7.51'],
    [{ min_release_version: 1 }, 'min_release_version: must be a version such as 1.7.51'],
    [{ min_release_version: `1.0.${'0'.repeat(30)}` }, 'min_release_version: must be at most 20 characters'],
    [{ min_release_version: '1.0.0', rate_limit_per_minute: 0 }, 'rate_limit_per_minute'],
  ])('refuses %j with a 400 naming the field, and changes nothing', async (payload, field) => {
    const before = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: await t.adminHeaders() });
    const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: await t.adminHeaders() });
    expect(after.json()).toEqual(before.json());
  });

  it('creates an API token that authenticates as Bearer; rotating it retires the old one', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers: await t.adminHeaders() });
    expect(first.statusCode).toBe(200);
    const { token } = first.json<{ token: string }>();
    const stored = await t.db.selectFrom('settings').select('value').where('key', '=', 'api_token_hash').executeTakeFirstOrThrow();
    expect(stored.value).not.toContain(token);

    const asBearer = (value: string) => t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: `Bearer ${value}` } });
    expect((await asBearer(token)).statusCode).toBe(200);
    // Bearer calls are not cookie calls: no X-Requested-With needed for mutations.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${token}` },
      payload: { max_file_size_mb: 64 },
    });
    expect(put.statusCode).toBe(200);

    const second = await t.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers: { authorization: `Bearer ${token}` } });
    const rotated = second.json<{ token: string }>().token;
    expect(rotated).not.toBe(token);
    expect((await asBearer(token)).statusCode).toBe(401);
    expect((await asBearer(rotated)).statusCode).toBe(200);
  });
});
