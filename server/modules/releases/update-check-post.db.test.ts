import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { lifetimeLicenseOn } from '../../test/license-seed.js';
import { seedDemoRelease } from './demo-release.js';

const SLUG = 'postcode-delivery-zones';
const SITE = 'https://www.post.example.com/';

// The WordPress client asks with POST so the licence key travels in the body, never in a URL (access logs).
describe(`update check by POST (${testDialect()})`, () => {
  let t: TestApp;
  let key = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { BASE_URL: 'http://licensing.test' } });
    await seedDemoRelease(t.ctx);
    key = (await lifetimeLicenseOn(t, SLUG, SITE)).key;
  });
  afterAll(async () => t.close());

  const strip = (body: Record<string, unknown>) => ({ ...body, download_url: typeof body.download_url === 'string' ? 'present' : body.download_url });

  it('answers what GET answers, from form fields or JSON, with no-store', async () => {
    const fields = { installed_version: '1.0.0', license_key: key, site_url: SITE };
    const get = await t.app.inject({ method: 'GET', url: `/api/v1/plugins/${SLUG}/update?${new URLSearchParams(fields).toString()}` });
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/v1/plugins/${SLUG}/update`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    const json = await t.app.inject({ method: 'POST', url: `/api/v1/plugins/${SLUG}/update`, payload: fields });
    for (const response of [get, form, json]) expect(response.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('private, no-store');
    expect(strip(form.json())).toEqual(strip(get.json()));
    expect(strip(json.json())).toEqual(strip(get.json()));
    expect(form.json<{ download_url?: string }>().download_url).toMatch(/^http:\/\/licensing\.test\/api\/v1\/downloads\//);
  });

  it('withholds the package without a licence, with the reason', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/plugins/${SLUG}/update`, payload: { installed_version: '1.0.0' } });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ download_url?: string; package_withheld?: { code: string } }>()).toMatchObject({ package_withheld: { code: 'license_required' } });
    expect(response.json<{ download_url?: string }>().download_url).toBeUndefined();
  });

  it.each([
    [{ license_key: 42 }, 400],
    [{ license_key: 'x'.repeat(201) }, 400],
  ])('refuses a malformed body %j with %i', async (payload, status) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/plugins/${SLUG}/update`, payload });
    expect(response.statusCode).toBe(status);
  });
});
