import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { BUYABLE_SLUG, ensureQualifyingRelease } from '../../test/checkout-test-helpers.js';

// What an expired licence does (issue 26, docs/pricing.md): the Setting expired_license_policy.
describe(`expired licences (${testDialect()})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const key = '8022-EXPD-TEST-AAAA-0001';
  const site = 'https://expired-shop.example.com';
  beforeAll(async () => {
    t = await createTestApp();
    await ensureQualifyingRelease(t.db);
    admin = await t.adminHeaders();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/licenses',
      headers: admin,
      payload: { key, plugin_slug: BUYABLE_SLUG, plan: 'pro_yearly', max_activations: 2 },
    });
    expect(created.statusCode).toBe(201);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: key, site_url: site, plugin_slug: BUYABLE_SLUG },
    });
    expect(activated.json()).toMatchObject({ activated: true });
    const past = new Date(Date.now() - 86_400_000).toISOString();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/licenses/${created.json<{ id: number }>().id}`,
      headers: admin,
      payload: { expires_at: past },
    });
    expect(patched.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const validate = (siteUrl?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/validate',
      payload: { license_key: key, plugin_slug: BUYABLE_SLUG, ...(siteUrl && { site_url: siteUrl }) },
    });
  const setPolicy = (policy: string) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin, payload: { expired_license_policy: policy } });

  it('by default keeps validating on its activated site, saying it expired; not on another site, and activates none', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })).json()).toMatchObject({
      expired_license_policy: 'updates_only',
    });
    const kept = (await validate(site)).json();
    expect(kept).toMatchObject({ valid: true, code: 'VALID', license: { status: 'expired' } });
    expect(kept.detail).toMatch(/expired.*without updates/);
    expect((await validate('https://other.example.com')).json()).toMatchObject({ valid: false, code: 'EXPIRED' });
    expect((await validate()).json()).toMatchObject({ valid: false, code: 'EXPIRED' });
    const activate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: key, site_url: 'https://new.example.com', plugin_slug: BUYABLE_SLUG },
    });
    expect(activate.json()).toMatchObject({ activated: false, code: 'EXPIRED' });
  });

  it('withholds the update package with license_expired and a renewal link, whatever the policy', async () => {
    for (const policy of ['updates_only', 'stop_validating']) {
      expect((await setPolicy(policy)).statusCode).toBe(200);
      const query = new URLSearchParams({ license_key: key, site_url: site, installed_version: '1.0.0' }).toString();
      const update = await t.app.inject({ method: 'GET', url: `/api/v1/plugins/${BUYABLE_SLUG}/update?${query}` });
      expect(update.statusCode).toBe(200);
      const body = update.json();
      expect(body.download_url).toBeUndefined();
      expect(body.package_withheld).toMatchObject({
        code: 'license_expired',
        renew_url: expect.stringMatching(/^https?:\/\/[^/]+\/renew\?key=8022-EXPD-TEST-AAAA-0001$/),
      });
    }
  });

  it('stops validating when the Setting says so, and refuses an unknown policy', async () => {
    expect((await setPolicy('stop_validating')).statusCode).toBe(200);
    expect((await validate(site)).json()).toMatchObject({ valid: false, code: 'EXPIRED' });
    expect((await setPolicy('sometimes')).statusCode).toBe(400);
    expect((await setPolicy('updates_only')).statusCode).toBe(200);
    expect((await validate(site)).json()).toMatchObject({ valid: true, code: 'VALID' });
  });
});
