import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/test-app.js';
import { changeAdminPassword } from '../../test/admin-app.js';

// What the Settings page saves: every field survives a restart, and the rate limit applies at once.
describe(`settings page values (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps every saved field, secret flags and the API token across a restart', async () => {
    const headers = await t.adminHeaders();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers,
      payload: {
        base_url: 'https://plugins.example.org',
        rate_limit_per_minute: 90,
        max_file_size_mb: 75,
        local_sites_exempt: false,
        staging_site_patterns: ['staging.*', '*.WPEngine.com'],
        trust_environment_claim: true,
        min_release_version: ' 0.0.0 ',
        lemonsqueezy_webhook_secret: 'ls-signing-secret',
        webhook_secret: 'outgoing-secret',
      },
    });
    expect(saved.statusCode).toBe(200);
    const token = (await t.app.inject({ method: 'POST', url: '/api/admin/settings/api-token', headers })).json<{ token: string }>().token;

    t = await t.restart();
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      base_url: 'https://plugins.example.org',
      rate_limit_per_minute: 90,
      max_file_size_mb: 75,
      local_sites_exempt: false,
      staging_site_patterns: ['staging.*', '*.wpengine.com'],
      trust_environment_claim: true,
      min_release_version: '0.0.0',
      secrets: { lemonsqueezy_webhook_secret: { is_set: true }, webhook_secret: { is_set: true }, stripe_webhook_secret: { is_set: false } },
      api_token: { is_set: true },
    });
    expect(answer.body).not.toContain('ls-signing-secret');
    expect(answer.body).not.toContain('outgoing-secret');
    expect(t.ctx.settings.getSecret('webhook_secret')).toBe('outgoing-secret');
  });

  it('applies a new rate limit to the licence API without a restart', async () => {
    const headers = await t.adminHeaders();
    const validate = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/licenses/validate', remoteAddress: '203.0.113.9', payload: { license_key: '8022-NONE-NONE-NONE-NONE' } });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: { rate_limit_per_minute: 2 } })).statusCode).toBe(200);
    expect((await validate()).statusCode).toBe(200);
    expect((await validate()).statusCode).toBe(200);
    const limited = await validate();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('a changed admin password is the one that signs in after a restart', async () => {
    const headers = await t.adminHeaders();
    const changed = await changeAdminPassword(t, headers, TEST_ADMIN_PASSWORD, 'another long password');
    expect(changed.statusCode).toBe(200);
    // The old session ended with the change.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers })).statusCode).toBe(401);
    // A start without ADMIN_PASSWORD keeps the stored password (with it, the environment wins, as documented).
    const restarted = await createTestApp({ testDb: t.testDb, seed: false, env: { ADMIN_PASSWORD: '' } });
    try {
      const login = async (password: string) => (await restarted.app.inject({ method: 'POST', url: '/api/auth/login', payload: { password } })).statusCode;
      expect(await login('another long password')).toBe(200);
      expect(await login(TEST_ADMIN_PASSWORD)).toBe(401);
    } finally {
      await restarted.close();
    }
  });
});
