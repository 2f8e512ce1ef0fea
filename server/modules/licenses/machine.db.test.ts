import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_CODES, type LicenseCode } from '../../../common/licenses.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLicense } from './license-access.service.js';

const PLUGIN = 'postcode-delivery-zones';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: {} });
  await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
/** Each call comes from its own address unless told, so the per-IP limit does not interfere. */
function post(path: string, payload: Record<string, unknown> | string, options: { form?: boolean; ip?: string } = {}) {
  ipCounter += 1;
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` };
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  return t.app.inject({ method: 'POST', url: `/api/v1/licenses/${path}`, payload, headers });
}

const newLicense = (maxActivations = 3, plan: 'lifetime' | 'trial' = 'lifetime') => createLicense(t.ctx, { pluginSlug: PLUGIN, plan, maxActivations });

describe('machine API codes (one row per code of the closed set)', () => {
  type Row = { code: LicenseCode; call: () => Promise<{ statusCode: number; json(): Record<string, unknown> }> };
  const rows: Row[] = [
    {
      code: 'VALID',
      call: async () => {
        const l = await newLicense();
        await post('activate', { license_key: l.key, site_url: 'https://valid.example.com', plugin_slug: PLUGIN });
        return post('validate', { license_key: l.key, site_url: 'valid.example.com', plugin_slug: PLUGIN });
      },
    },
    { code: 'NOT_FOUND', call: () => post('validate', { license_key: '8022-NONE-NONE-NONE-NONE' }) },
    {
      code: 'REVOKED',
      call: async () => {
        const l = await newLicense();
        const headers = await t.adminHeaders();
        await t.app.inject({ method: 'DELETE', url: `/api/admin/licenses/${l.id}`, headers });
        return post('activate', { license_key: l.key, site_url: 'https://shop.com', plugin_slug: PLUGIN });
      },
    },
    {
      code: 'EXPIRED',
      call: async () => {
        const l = await newLicense(3, 'trial');
        await t.db.updateTable('licenses').set({ expires_at: '2021-01-01T00:00:00.000Z' }).where('id', '=', l.id).execute();
        return post('validate', { license_key: l.key });
      },
    },
    {
      code: 'PLUGIN_MISMATCH',
      call: async () => post('activate', { license_key: (await newLicense()).key, site_url: 'https://shop.com', plugin_slug: 'another-plugin' }),
    },
    { code: 'SITE_INACTIVE', call: async () => post('validate', { license_key: (await newLicense()).key, site_url: 'https://never.example.com' }) },
    {
      code: 'ACTIVATION_LIMIT_REACHED',
      call: async () => {
        const l = await newLicense(1);
        await post('activate', { license_key: l.key, site_url: 'https://one.com', plugin_slug: PLUGIN });
        return post('activate', { license_key: l.key, site_url: 'https://two.com', plugin_slug: PLUGIN });
      },
    },
    { code: 'NOT_ACTIVE', call: async () => post('deactivate', { license_key: (await newLicense()).key, site_url: 'https://one.com' }) },
  ];

  it('covers every code', () => {
    expect(rows.map((row) => row.code).sort()).toEqual([...LICENCE_CODES].sort());
  });

  it.each(rows)('$code', async ({ code, call }) => {
    const response = await call();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(code);
    expect(typeof body.detail).toBe('string');
    const outcome = body.valid ?? body.activated ?? body.deactivated;
    expect(outcome).toBe(code === 'VALID');
    if (code !== 'NOT_FOUND') expect(body.license).toMatchObject({ plugin_slug: PLUGIN, key: expect.stringMatching(/^8022-\*{4}-\*{4}-\*{4}-[A-Z0-9]{4}$/) });
  });
});

describe('activate', () => {
  it('accepts form bodies as wp_remote_post sends them, and is idempotent across URL variants', async () => {
    const l = await newLicense(2);
    const form = new URLSearchParams({ license_key: l.key.toLowerCase(), site_url: 'http://www.Shop.com/', plugin_slug: PLUGIN }).toString();
    const first = await post('activate', form, { form: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      activated: true,
      code: 'VALID',
      activation: { site_url: 'shop.com', is_local: false },
      license: { activations_used: 1, activations_left: 1 },
    });
    const again = await post('activate', { license_key: l.key, site_url: 'https://shop.com', plugin_slug: PLUGIN });
    expect(again.json()).toMatchObject({ activated: true, code: 'VALID', license: { activations_used: 1 } });
  });

  it('records local sites without using a seat, unless the Settings switch is off', async () => {
    const l = await newLicense(1);
    await post('activate', { license_key: l.key, site_url: 'https://live.com', plugin_slug: PLUGIN });
    const local = await post('activate', { license_key: l.key, site_url: 'http://localhost:8080/wp', plugin_slug: PLUGIN });
    expect(local.json()).toMatchObject({ activated: true, activation: { is_local: true }, license: { activations_used: 1 } });
    const test = await post('activate', { license_key: l.key, site_url: 'https://shop.test', plugin_slug: PLUGIN });
    expect(test.json()).toMatchObject({ activated: true, activation: { is_local: true } });
    await t.ctx.settings.update({ local_sites_exempt: false });
    try {
      const counted = await post('activate', { license_key: l.key, site_url: 'https://other.local', plugin_slug: PLUGIN });
      expect(counted.json()).toMatchObject({ activated: false, code: 'ACTIVATION_LIMIT_REACHED' });
    } finally {
      await t.ctx.settings.update({ local_sites_exempt: true });
    }
  });

  it('never over-activates: 50 concurrent distinct sites on a 3-seat licence → exactly 3', async () => {
    const l = await newLicense(3);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post('activate', { license_key: l.key, site_url: `https://site-${i}.com`, plugin_slug: PLUGIN })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(responses.filter((r) => r.json().activated === true)).toHaveLength(3);
    expect(responses.filter((r) => r.json().code === 'ACTIVATION_LIMIT_REACHED')).toHaveLength(47);
    const rows = await t.db.selectFrom('license_activations').selectAll().where('license_id', '=', l.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('the same site activated concurrently 20 times → one activation', async () => {
    const l = await newLicense(3);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('activate', { license_key: l.key, site_url: 'https://same.com', plugin_slug: PLUGIN })),
    );
    expect(responses.every((r) => r.statusCode === 200 && r.json().activated === true)).toBe(true);
    const rows = await t.db.selectFrom('license_activations').selectAll().where('license_id', '=', l.id).execute();
    expect(rows).toHaveLength(1);
    const logged = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'license_activated').execute();
    expect(logged.filter((row) => JSON.parse(row.details).license_key === l.key)).toHaveLength(1);
  });
});

describe('deactivate and validate', () => {
  it('deactivation frees the seat and validation then answers SITE_INACTIVE', async () => {
    const l = await newLicense(1);
    await post('activate', { license_key: l.key, site_url: 'https://a.com', plugin_slug: PLUGIN });
    const off = await post('deactivate', { license_key: l.key, site_url: 'http://www.a.com/' });
    expect(off.json()).toMatchObject({ deactivated: true, code: 'VALID', license: { activations_used: 0, activations_left: 1 } });
    expect((await post('validate', { license_key: l.key, site_url: 'https://a.com' })).json().code).toBe('SITE_INACTIVE');
    expect((await post('activate', { license_key: l.key, site_url: 'https://b.com', plugin_slug: PLUGIN })).json().activated).toBe(true);
  });

  it('records license_verified at most once per site per day', async () => {
    const l = await newLicense(3);
    await post('activate', { license_key: l.key, site_url: 'https://verify.com', plugin_slug: PLUGIN });
    await Promise.all(Array.from({ length: 5 }, () => post('validate', { license_key: l.key, site_url: 'https://verify.com', plugin_slug: PLUGIN })));
    await post('validate', { license_key: l.key, site_url: 'verify.com' });
    const verified = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'license_verified').execute();
    expect(verified.filter((row) => JSON.parse(row.details).license_key === l.key)).toHaveLength(1);
    // a check from an earlier day is recorded again today
    await t.db.updateTable('license_activations').set({ last_checked_at: '2020-01-01T00:00:00.000Z' }).where('license_id', '=', l.id).execute();
    await post('validate', { license_key: l.key, site_url: 'verify.com' });
    const again = await t.db.selectFrom('activities').select('details').where('action_type', '=', 'license_verified').execute();
    expect(again.filter((row) => JSON.parse(row.details).license_key === l.key)).toHaveLength(2);
  });
});

describe('malformed requests → 4xx with a message, never 5xx', () => {
  const huge = 'x'.repeat(100_000);
  it.each([
    ['activate', {}],
    ['activate', { license_key: 'K', site_url: 'https://a.com' }],
    ['activate', { license_key: 123, site_url: 'https://a.com', plugin_slug: PLUGIN }],
    ['activate', { license_key: ['a', 'b'], site_url: 'https://a.com', plugin_slug: PLUGIN }],
    ['activate', { license_key: 'K', site_url: 'not a url', plugin_slug: PLUGIN }],
    ['activate', { license_key: 'K', site_url: 'ftp://a.com', plugin_slug: PLUGIN }],
    ['activate', { license_key: huge, site_url: 'https://a.com', plugin_slug: PLUGIN }],
    ['activate', { license_key: 'K', site_url: `https://${huge}.com`, plugin_slug: PLUGIN }],
    ['activate', { license_key: 'K', site_url: 'https://a.com', plugin_slug: PLUGIN, environment: { a: 1 } }],
    ['deactivate', { license_key: 'K' }],
    ['deactivate', { license_key: 'K', site_url: null }],
    ['validate', {}],
    ['validate', { license_key: '' }],
    ['validate', { license_key: 'K', site_url: 'http://' }],
    ['validate', '{"license_key": '],
    ['validate', 'license_key'],
  ])('%s %j', async (path, payload) => {
    const response = await post(path, payload as Record<string, unknown>);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(typeof response.json().message).toBe('string');
  });

  it('a form body with a repeated field is refused', async () => {
    const response = await post('validate', 'license_key=a&license_key=b', { form: true });
    expect(response.statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the Settings value, which applies without a restart', async () => {
    await t.ctx.settings.update({ rate_limit_per_minute: 3 });
    try {
      const ip = '203.0.113.9';
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await post('validate', { license_key: 'X' }, { ip })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await post('validate', { license_key: 'X' }, { ip });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().message).toMatch(/Too many requests/);
      expect((await post('validate', { license_key: 'X' }, { ip: '203.0.113.10' })).statusCode).toBe(200);
    } finally {
      await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
    }
  });

  it('counts a client that is not a trusted proxy by its own address, whatever X-Forwarded-For it sends', async () => {
    await t.ctx.settings.update({ rate_limit_per_minute: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/licenses/validate',
          remoteAddress: '198.51.100.77',
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
          payload: { license_key: 'X' },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
    }
  });
});
