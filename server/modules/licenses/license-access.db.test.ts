import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AppError } from '../../lib/errors.js';
import { checkLicenseForSite, createLicense, effectiveStatus, revokeLicense } from './license-access.service.js';
import { insertActivation, listActivations } from './licenses.repository.js';
import { unitOfWork } from '../../kernel/events.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('effectiveStatus', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it.each([
    [{ status: 'active', expires_at: null }, 'active'],
    [{ status: 'active', expires_at: '2026-07-01T00:00:00.000Z' }, 'active'],
    [{ status: 'active', expires_at: '2026-05-31T23:59:59.000Z' }, 'expired'],
    [{ status: 'expired', expires_at: null }, 'expired'],
    [{ status: 'revoked', expires_at: '2020-01-01T00:00:00.000Z' }, 'revoked'],
  ])('%j → %s', (license, expected) => {
    expect(effectiveStatus(license, now)).toBe(expected);
  });
});

describe('createLicense', () => {
  it('generates an 8022 key, sets the plan expiry and records license_created', async () => {
    const before = Date.now();
    const license = await createLicense(t.ctx, { pluginSlug: 'postcode-delivery-zones', plan: 'pro_yearly', maxActivations: 3 });
    expect(license.key).toMatch(/^8022(-[A-Z0-9]{4}){4}$/);
    expect(license.status).toBe('active');
    const days = (new Date(license.expires_at ?? 0).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(364.99);
    expect(days).toBeLessThan(365.01);
    const activity = await t.db
      .selectFrom('activities')
      .selectAll()
      .where('action_type', '=', 'license_created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(activity.details)).toMatchObject({ license_key: license.key });
  });

  it.each([
    ['lifetime', null],
    ['pro_monthly', 30],
    ['trial', 14],
  ] as const)('plan %s expires after %s days', async (plan, days) => {
    const license = await createLicense(t.ctx, { pluginSlug: 'postcode-delivery-zones', plan, maxActivations: 1 });
    if (days === null) expect(license.expires_at).toBeNull();
    else expect(Math.round((new Date(license.expires_at ?? 0).getTime() - new Date(license.created_at).getTime()) / 86_400_000)).toBe(days);
  });

  it('keeps a given key (upper-cased) and refuses a duplicate with CONFLICT', async () => {
    const license = await createLicense(t.ctx, {
      pluginSlug: 'postcode-delivery-zones',
      plan: 'lifetime',
      maxActivations: 3,
      key: '8022-aaaa-bbbb-cccc-dddd',
      orderId: 7,
      customerEmail: 'a@b.co',
    });
    expect(license).toMatchObject({ key: '8022-AAAA-BBBB-CCCC-DDDD', order_id: 7, customer_email: 'a@b.co' });
    const again = createLicense(t.ctx, { pluginSlug: 'postcode-delivery-zones', plan: 'lifetime', maxActivations: 3, key: '8022-AAAA-BBBB-CCCC-DDDD' });
    await expect(again).rejects.toBeInstanceOf(AppError);
    await expect(again).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('works inside a caller transaction and rolls back with it', async () => {
    await expect(
      unitOfWork(t.ctx, async (unit) => {
        await createLicense(unit, { pluginSlug: 'postcode-delivery-zones', plan: 'lifetime', maxActivations: 3, key: 'ROLLBACK-1' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await t.db.selectFrom('licenses').select('id').where('key', '=', 'ROLLBACK-1').executeTakeFirst()).toBeUndefined();
  });
});

describe('revokeLicense and checkLicenseForSite', () => {
  it('answers each code, and revoking keeps the record and releases the sites', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: 'postcode-delivery-zones', plan: 'lifetime', maxActivations: 3 });
    const check = (siteUrl: string, pluginSlug = 'postcode-delivery-zones', key = license.key) => checkLicenseForSite(t.db, { key, siteUrl, pluginSlug });
    expect((await check('https://shop.example.com')).code).toBe('SITE_INACTIVE');
    await insertActivation(t.db, {
      license_id: license.id,
      site_url: 'shop.example.com',
      is_local: 0,
      environment: null,
      created_at: new Date().toISOString(),
      last_checked_at: null,
    });
    expect(await check('https://www.shop.example.com/')).toMatchObject({ valid: true, code: 'VALID' });
    expect(await check('https://shop.example.com', 'other-plugin')).toMatchObject({ valid: false, code: 'PLUGIN_MISMATCH' });
    expect(await check('https://shop.example.com', 'postcode-delivery-zones', 'NOPE')).toMatchObject({ valid: false, code: 'NOT_FOUND', license: null });
    expect((await check('not a url')).code).toBe('SITE_INACTIVE');

    await revokeLicense(t.ctx, license.id);
    expect(await check('https://shop.example.com')).toMatchObject({ valid: false, code: 'REVOKED' });
    expect(await listActivations(t.db, license.id)).toHaveLength(0);
    const kept = await t.db.selectFrom('licenses').selectAll().where('id', '=', license.id).executeTakeFirstOrThrow();
    expect(kept.status).toBe('revoked');
    const revoked = await t.db.selectFrom('activities').selectAll().where('action_type', '=', 'license_revoked').execute();
    expect(revoked.filter((row) => JSON.parse(row.details).license_key === license.key)).toHaveLength(1);
    await expect(revokeLicense(t.ctx, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers EXPIRED for a licence past its expiry', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: 'postcode-delivery-zones', plan: 'trial', maxActivations: 3 });
    await t.db.updateTable('licenses').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', license.id).execute();
    expect((await checkLicenseForSite(t.db, { key: license.key, siteUrl: 'a.com', pluginSlug: 'postcode-delivery-zones' })).code).toBe('EXPIRED');
  });
});
