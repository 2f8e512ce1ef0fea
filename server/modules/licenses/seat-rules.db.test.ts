import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Activation } from '../../../common/licenses.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startUnthrottledApp } from '../../test/admin-app.js';
import { createLicense } from './license-access.service.js';

// Which sites use a seat (issue 11): the URL decides, plus the vendor's staging patterns; a client's
// environment claim is recorded but frees a seat only when the vendor trusts it.
const PLUGIN = 'postcode-delivery-zones';
let t: TestApp;
beforeAll(async () => {
  t = await startUnthrottledApp();
});
afterEach(async () => {
  await putSettings({ staging_site_patterns: [], trust_environment_claim: false });
});
afterAll(async () => t.close());

async function putSettings(payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload });
  expect(response.statusCode).toBe(200);
  return response.json<Record<string, unknown>>();
}

const activate = async (key: string, site_url: string, environment?: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/activate',
      payload: { license_key: key, site_url, plugin_slug: PLUGIN, ...(environment === undefined ? {} : { environment }) },
    })
  ).json();

async function adminActivations(id: number): Promise<{ activations_used: number; activations: Activation[] }> {
  return (await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${id}`, headers: await t.adminHeaders() })).json();
}

/** What an activation answers when it worked: whether the site counts as local, and the seats used and left after it. */
const activatedAs = (isLocal: boolean, used: number, left: number) => ({
  activated: true,
  activation: { is_local: isLocal },
  license: { activations_used: used, activations_left: left },
});

const newLicense = (maxActivations: number) => createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations });

describe(`which sites use a seat (${testDialect()})`, () => {
  it('bigshop.dev and test.acme.com are public sites and use a seat', async () => {
    const l = await newLicense(2);
    expect(await activate(l.key, 'https://bigshop.dev')).toMatchObject(activatedAs(false, 1, 1));
    expect(await activate(l.key, 'https://test.acme.com')).toMatchObject(activatedAs(false, 2, 0));
    expect(await activate(l.key, 'https://third.com')).toMatchObject({ activated: false, code: 'ACTIVATION_LIMIT_REACHED' });
  });

  it('staging.acme.com uses a seat until the vendor adds staging.* to the Settings', async () => {
    const l = await newLicense(1);
    await activate(l.key, 'https://live.com');
    expect(await activate(l.key, 'https://staging.acme.com')).toMatchObject({
      activated: false,
      code: 'ACTIVATION_LIMIT_REACHED',
      license: { activations_used: 1, activations_left: 0 },
    });

    expect(await putSettings({ staging_site_patterns: [' Staging.* '] })).toMatchObject({ staging_site_patterns: ['staging.*'] });
    expect(await activate(l.key, 'https://staging.acme.com')).toMatchObject(activatedAs(true, 1, 0));
  });

  it('the rule applies at activation: a site activated before its pattern was added keeps its seat until it activates again', async () => {
    const l = await newLicense(2);
    await activate(l.key, 'https://shop.kinsta.cloud');
    await putSettings({ staging_site_patterns: ['*.kinsta.cloud'] });
    const before = await adminActivations(l.id);
    expect(before.activations_used).toBe(1);
    expect(before.activations.map((a) => [a.site_url, a.is_local])).toEqual([['shop.kinsta.cloud', false]]);

    const off = await t.app.inject({ method: 'POST', url: '/api/v1/licenses/deactivate', payload: { license_key: l.key, site_url: 'shop.kinsta.cloud' } });
    expect(off.json()).toMatchObject({ deactivated: true });
    expect(await activate(l.key, 'https://shop.kinsta.cloud')).toMatchObject(activatedAs(true, 0, 2));
  });

  it('an environment claim on live.com uses a seat unless the vendor trusts it, and is recorded either way', async () => {
    const untrusted = await newLicense(1);
    expect(await activate(untrusted.key, 'https://live.com', 'staging')).toMatchObject(activatedAs(false, 1, 0));

    expect(await putSettings({ trust_environment_claim: true })).toMatchObject({ trust_environment_claim: true });
    const trusted = await newLicense(1);
    expect(await activate(trusted.key, 'https://live.com', 'staging')).toMatchObject(activatedAs(true, 0, 1));
    expect(await activate(trusted.key, 'https://shop.com', 'production')).toMatchObject(activatedAs(false, 1, 0));

    const seen = async (id: number) => (await adminActivations(id)).activations.map((a) => [a.site_url, a.is_local, a.environment]);
    expect(await seen(untrusted.id)).toEqual([['live.com', false, 'staging']]);
    expect(await seen(trusted.id)).toEqual([
      ['live.com', true, 'staging'],
      ['shop.com', false, 'production'],
    ]);
  });

  it('the Settings switch off makes staging patterns and trusted claims count too', async () => {
    await putSettings({ staging_site_patterns: ['staging.*'], trust_environment_claim: true, local_sites_exempt: false });
    try {
      const l = await newLicense(1);
      await activate(l.key, 'https://staging.acme.com', 'staging');
      expect(await activate(l.key, 'https://live.com', 'staging')).toMatchObject({ activated: false, code: 'ACTIVATION_LIMIT_REACHED' });
    } finally {
      await putSettings({ local_sites_exempt: true });
    }
  });

  it('never over-activates: 20 public and 10 staging sites at once on a 3-seat licence → 3 seats and 10 staging sites', async () => {
    await putSettings({ staging_site_patterns: ['*.wpengine.com'] });
    const l = await newLicense(3);
    const sites = [
      ...Array.from({ length: 20 }, (_, i) => `https://public-${i}.com`),
      ...Array.from({ length: 10 }, (_, i) => `https://shop-${i}.wpengine.com`),
    ];
    const answers = await Promise.all(sites.map((site) => activate(l.key, site)));
    expect(answers.filter((a) => a.activated && !a.activation.is_local)).toHaveLength(3);
    expect(answers.filter((a) => a.activated && a.activation.is_local)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 'ACTIVATION_LIMIT_REACHED')).toHaveLength(17);
    const detail = await adminActivations(l.id);
    expect(detail.activations_used).toBe(3);
    expect(detail.activations).toHaveLength(13);
  });
});
