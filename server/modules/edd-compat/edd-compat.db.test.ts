import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDD_ACTIVATE_ERRORS, EDD_CHECK_STATUSES, type EddActivateError, type EddCheckStatus } from '../../../common/edd-compat.js';
import { LICENSING_PLUGIN_SLUG, POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { insertActivationRow } from '../../test/license-rows.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createLicense, normalizeSiteUrl, revokeLicense } from '../licenses/index.js';
import { createEddTestApp } from '../../test/edd-fixtures.js';

const PLUGIN = POSTCODE_PLUGIN_SLUG;
const ITEM_ID = 4242;
const ITEM_NAME = 'Postcode Zones (EDD)';
const BASE = 'http://licensing.test';

describe(`EDD Software Licensing-compatible API at / (${testDialect()})`, () => {
  let t: TestApp;
  let ip = 0;

  /** Each call from its own address, so per-IP budgets never interfere; GET by default, POST as a form when asked. */
  async function edd(fields: Record<string, string>, options: { method?: 'GET' | 'POST'; form?: boolean; userAgent?: string; ip?: string } = {}) {
    ip += 1;
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? `10.2.${Math.floor(ip / 250)}.${ip % 250}` };
    if (options.userAgent) headers['user-agent'] = options.userAgent;
    const query = new URLSearchParams(fields).toString();
    if (options.method === 'POST') {
      if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
      return t.app.inject({ method: 'POST', url: '/', headers, payload: options.form ? query : fields });
    }
    return t.app.inject({ method: 'GET', url: `/?${query}`, headers });
  }

  const license = async (options: { plugin?: string; max?: number; sites?: string[]; expired?: boolean; email?: string } = {}) => {
    const row = await createLicense(t.ctx, {
      pluginSlug: options.plugin ?? PLUGIN,
      plan: 'lifetime',
      maxActivations: options.max ?? 2,
      customerEmail: options.email ?? 'buyer@example.com',
    });
    for (const site of options.sites ?? []) await insertActivationRow(t.db, { license_id: row.id, site_url: normalizeSiteUrl(site) ?? '' });
    if (options.expired) await t.db.updateTable('licenses').set({ expires_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', row.id).execute();
    return row;
  };

  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-edd-web-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createEddTestApp(PLUGIN, { edd_item_id: ITEM_ID, edd_item_name: ITEM_NAME }, { env: { BASE_URL: BASE, WEB_DIST_DIR: webDir }, release: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('the admin sets a plugin EDD item id and name; a second plugin cannot take the same id', async () => {
    const clash = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/plugins/${LICENSING_PLUGIN_SLUG}`,
      headers: await t.adminHeaders(),
      payload: { edd_item_id: ITEM_ID },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(`Another plugin already has the EDD item ID ${ITEM_ID}`);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/plugins/${LICENSING_PLUGIN_SLUG}`,
      headers: await t.adminHeaders(),
      payload: { edd_item_id: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('activate_license: activates by item_id over GET, POST form and POST JSON, with EDD fields', async () => {
    const l = await license({ max: 3 });
    const first = await edd({ edd_action: 'activate_license', license: l.key, item_id: String(ITEM_ID), url: 'https://one.example.org' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      license: 'valid',
      item_id: ITEM_ID,
      item_name: ITEM_NAME,
      expires: 'lifetime',
      license_limit: 3,
      site_count: 1,
      activations_left: 2,
      checksum: expect.stringMatching(/^[0-9a-f]{32}$/),
      payment_id: 0,
      customer_name: '',
      customer_email: 'buyer@example.com',
      price_id: null,
    });
    const form = await edd(
      { edd_action: 'activate_license', license: l.key.toLowerCase(), item_name: ITEM_NAME, url: 'https://two.example.org' },
      { method: 'POST', form: true },
    );
    // EDD answers the item_id it was sent: none here.
    expect(form.json()).toMatchObject({ success: true, license: 'valid', item_id: false, item_name: ITEM_NAME, site_count: 2 });
    const json = await edd({ edd_action: 'activate_license', license: l.key, item_id: String(ITEM_ID), url: 'https://three.example.org' }, { method: 'POST' });
    expect(json.json()).toMatchObject({ success: true, site_count: 3, activations_left: 0 });
    // The same activity entries and webhook events as the machine API.
    const activities = await t.db.selectFrom('activities').select('action_type').where('action_type', '=', 'license_activated').execute();
    expect(activities.length).toBeGreaterThanOrEqual(3);
  });

  it("reads item_name as EDD does, rawurldecoded: EDD's sample plugin sends rawurlencode( item name )", async () => {
    const l = await license({ max: 2 });
    // PHP's rawurlencode: every byte but letters, digits and -_.~ escaped, so "(" is %28 too.
    const encoded = encodeURIComponent(ITEM_NAME).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    expect(encoded).toContain('%20');
    const activated = await edd(
      { edd_action: 'activate_license', license: l.key, item_name: encoded, url: 'https://encoded.example.org' },
      { method: 'POST', form: true },
    );
    expect(activated.json()).toMatchObject({ success: true, license: 'valid', item_id: false, item_name: ITEM_NAME });
    const checked = await edd(
      { edd_action: 'check_license', license: l.key, item_name: encoded, url: 'https://encoded.example.org' },
      { method: 'POST', form: true },
    );
    expect(checked.json()).toMatchObject({ license: 'valid', item_name: ITEM_NAME });
    // A lone "%" or an escape that is not UTF-8 is kept as sent (no such item: EDD's item_name_mismatch).
    const odd = await edd(
      { edd_action: 'check_license', license: l.key, item_name: '100%25 %E0 off', url: 'https://encoded.example.org' },
      { method: 'POST', form: true },
    );
    expect(odd.json()).toMatchObject({ license: 'item_name_mismatch', item_name: '100% %E0 off' });
  });

  it('takes the site from WordPress User-Agent when url is empty', async () => {
    const l = await license();
    const response = await edd(
      { edd_action: 'activate_license', license: l.key, item_id: String(ITEM_ID), url: '' },
      { userAgent: 'WordPress/6.5.2; https://ua-site.example.net' },
    );
    expect(response.json()).toMatchObject({ success: true, license: 'valid' });
    const check = await edd(
      { edd_action: 'check_license', license: l.key, item_id: String(ITEM_ID) },
      { userAgent: 'WordPress/6.5.2; https://www.ua-site.example.net/' },
    );
    expect(check.json()).toMatchObject({ success: true, license: 'valid' });
  });

  describe('activate_license errors (one row per EDD error code we answer)', () => {
    const rows: Array<{ error: EddActivateError; fields: () => Promise<Record<string, string>> }> = [
      { error: 'missing', fields: async () => ({ license: 'no-such-key-0000' }) },
      { error: 'missing_url', fields: async () => ({ license: (await license()).key, item_id: String(ITEM_ID), url: '' }) },
      {
        error: 'disabled',
        fields: async () => {
          const l = await license();
          await revokeLicense(t.ctx, l.id);
          return { license: l.key, item_id: String(ITEM_ID), url: 'https://x.example.org' };
        },
      },
      {
        error: 'no_activations_left',
        fields: async () => ({
          license: (await license({ max: 1, sites: ['https://taken.example.org'] })).key,
          item_id: String(ITEM_ID),
          url: 'https://new.example.org',
        }),
      },
      { error: 'expired', fields: async () => ({ license: (await license({ expired: true })).key, item_id: String(ITEM_ID), url: 'https://x.example.org' }) },
      { error: 'invalid_item_id', fields: async () => ({ license: (await license()).key, item_id: '999', url: 'https://x.example.org' }) },
      {
        error: 'item_name_mismatch',
        fields: async () => ({ license: (await license({ plugin: LICENSING_PLUGIN_SLUG })).key, item_name: ITEM_NAME, url: 'https://x.example.org' }),
      },
    ];
    it.each(rows)('$error', async ({ error, fields }) => {
      const response = await edd({ edd_action: 'activate_license', ...(await fields()) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: false, license: 'invalid', error });
      expect(EDD_ACTIVATE_ERRORS).toContain(error);
    });
    it('no_activations_left carries the limit and counts, and writes nothing', async () => {
      const l = await license({ max: 1, sites: ['https://taken.example.org'] });
      const response = await edd({ edd_action: 'activate_license', license: l.key, item_id: String(ITEM_ID), url: 'https://new.example.org' });
      expect(response.json()).toMatchObject({ license_limit: 1, site_count: 1, activations_left: 0, max_sites: 1 });
      const sites = await t.db.selectFrom('license_activations').select('site_url').where('license_id', '=', l.id).execute();
      expect(sites.map((s) => s.site_url)).toEqual(['taken.example.org']);
    });
  });

  describe('check_license statuses (one row per status)', () => {
    const rows: Array<{ status: EddCheckStatus; fields: () => Promise<Record<string, string>> }> = [
      {
        status: 'valid',
        fields: async () => ({ license: (await license({ sites: ['https://ok.example.org'] })).key, item_id: String(ITEM_ID), url: 'https://ok.example.org' }),
      },
      { status: 'invalid', fields: async () => ({ license: 'no-such-key-0000', item_id: String(ITEM_ID), url: 'https://ok.example.org' }) },
      { status: 'inactive', fields: async () => ({ license: (await license()).key, item_id: String(ITEM_ID), url: 'https://ok.example.org' }) },
      {
        status: 'site_inactive',
        fields: async () => ({
          license: (await license({ sites: ['https://other.example.org'] })).key,
          item_id: String(ITEM_ID),
          url: 'https://ok.example.org',
        }),
      },
      {
        status: 'expired',
        fields: async () => ({ license: (await license({ expired: true, sites: ['https://ok.example.org'] })).key, url: 'https://ok.example.org' }),
      },
      {
        status: 'disabled',
        fields: async () => {
          const l = await license({ sites: ['https://ok.example.org'] });
          await revokeLicense(t.ctx, l.id);
          return { license: l.key, item_id: String(ITEM_ID), url: 'https://ok.example.org' };
        },
      },
      {
        status: 'invalid_item_id',
        fields: async () => ({ license: (await license({ sites: ['https://ok.example.org'] })).key, item_id: '31337', url: 'https://ok.example.org' }),
      },
      {
        status: 'item_name_mismatch',
        fields: async () => ({
          license: (await license({ sites: ['https://ok.example.org'] })).key,
          item_name: 'Some Other Product',
          url: 'https://ok.example.org',
        }),
      },
    ];
    it('covers every EDD check status', () => expect(rows.map((r) => r.status).sort()).toEqual([...EDD_CHECK_STATUSES].sort()));
    it.each(rows)('$status', async ({ status, fields }) => {
      const response = await edd({ edd_action: 'check_license', ...(await fields()) }, { method: 'POST', form: true });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.license).toBe(status);
      expect(body.success).toBe(status !== 'invalid');
      if (status !== 'invalid') expect(body).toMatchObject({ expires: expect.any(String), license_limit: expect.any(Number), site_count: expect.any(Number) });
    });
    it('answers every status right when the checks arrive together (their item and licence lookups run as one batch)', async () => {
      const asked = await Promise.all(rows.map(async ({ status, fields }) => ({ status, fields: await fields() })));
      const answers = await Promise.all(asked.map(({ fields }) => edd({ edd_action: 'check_license', ...fields }, { method: 'POST', form: true })));
      expect(answers.map((answer) => answer.json().license)).toEqual(asked.map(({ status }) => status));
    });
    it('answers the expiry as Y-m-d H:i:s and records the daily verification', async () => {
      const l = await license({ sites: ['https://dated.example.org'] });
      await t.db.updateTable('licenses').set({ expires_at: '2099-03-04T05:06:07.000Z' }).where('id', '=', l.id).execute();
      const response = await edd({ edd_action: 'check_license', license: l.key, item_id: String(ITEM_ID), url: 'https://dated.example.org', version: '1.2.0' });
      expect(response.json()).toMatchObject({ license: 'valid', expires: '2099-03-04 05:06:07', license_limit: 2, site_count: 1, activations_left: 1 });
      const activation = await t.db.selectFrom('license_activations').selectAll().where('license_id', '=', l.id).executeTakeFirstOrThrow();
      expect(activation.last_checked_at).not.toBeNull();
      expect(activation.installed_version).toBe('1.2.0');
    });
  });

  it('deactivate_license: deactivated, then failed; failed for another item and for a missing licence', async () => {
    const l = await license({ sites: ['https://gone.example.org'] });
    const other = await edd({ edd_action: 'deactivate_license', license: l.key, item_id: '999', url: 'https://gone.example.org' });
    expect(other.json()).toMatchObject({ success: false, license: 'failed' });
    const done = await edd(
      { edd_action: 'deactivate_license', license: l.key, item_id: String(ITEM_ID), url: 'https://gone.example.org' },
      { method: 'POST', form: true },
    );
    expect(done.json()).toMatchObject({ success: true, license: 'deactivated', item_id: ITEM_ID, customer_email: 'buyer@example.com' });
    const again = await edd({ edd_action: 'deactivate_license', license: l.key, item_id: String(ITEM_ID), url: 'https://gone.example.org' });
    expect(again.json()).toMatchObject({ success: false, license: 'failed' });
    const missing = await edd({ edd_action: 'deactivate_license', url: 'https://gone.example.org' });
    expect(missing.json()).toMatchObject({ success: false, license: 'failed' });
    const ended = await t.db.selectFrom('ended_activations').selectAll().execute();
    expect(ended.length).toBeGreaterThan(0);
  });

  describe('get_version', () => {
    it('offers the latest release with our signed link to an entitled site, JSON sections, banners and icons', async () => {
      const l = await license({ sites: ['https://entitled.example.org'] });
      const response = await edd(
        {
          edd_action: 'get_version',
          license: l.key,
          item_id: String(ITEM_ID),
          url: 'https://entitled.example.org',
          slug: 'postcode-zones',
          version: '1.0.0',
          beta: '',
        },
        { method: 'POST', form: true },
      );
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ new_version: expect.any(String), name: expect.any(String), slug: 'postcode-zones', homepage: expect.any(String) });
      expect(body.stable_version).toBe(body.new_version);
      expect(body.package).toMatch(new RegExp(`^${BASE}/api/v1/downloads/`));
      expect(body.download_link).toBe(body.package);
      expect(body.last_updated).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(typeof body.sections).toBe('object');
      expect(body.sections).toMatchObject({ description: expect.any(String), changelog: expect.any(String) });
      expect(typeof body.banners).toBe('object');
      expect(typeof body.icons).toBe('object');
      expect(body.msg).toBeUndefined();
      const zip = await t.app.inject({ method: 'GET', url: body.package.slice(BASE.length) });
      expect(zip.statusCode).toBe(200);
    });
    it('withholds the package (empty) when the licence does not entitle the site, with msg', async () => {
      const l = await license({ sites: ['https://elsewhere.example.org'] });
      const body = (await edd({ edd_action: 'get_version', license: l.key, item_id: String(ITEM_ID), url: 'https://not-active.example.org' })).json();
      expect(body.new_version).not.toBe('');
      expect(body.package).toBe('');
      expect(body.download_link).toBe('');
      expect(body.msg).toBe('Your licence is not activated on this site: activate it to receive updates.');
      const none = (await edd({ edd_action: 'get_version', item_name: ITEM_NAME })).json();
      expect(none).toMatchObject({ package: '', msg: 'No license key has been provided.' });
    });
    it('answers msg for an unknown item or none', async () => {
      expect((await edd({ edd_action: 'get_version', item_id: '777' })).json()).toMatchObject({
        new_version: '',
        package: '',
        msg: 'Item ID provided does not match a valid Download',
      });
      expect((await edd({ edd_action: 'get_version' })).json()).toMatchObject({ new_version: '', sections: '', msg: 'No item provided' });
    });
  });

  it('without edd_action, GET / is the storefront; an unknown action is not answered as an EDD call', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('id="root"');
    const withQuery = await t.app.inject({ method: 'GET', url: '/?utm_source=newsletter&edd_action=' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.headers['content-type']).toContain('text/html');
    // EDD's shop answered an action it did not know with its home page.
    const unknownGet = await edd({ edd_action: 'get_everything' });
    expect(unknownGet.statusCode).toBe(200);
    expect(unknownGet.headers['content-type']).toContain('text/html');
    const unknownPost = await edd({ edd_action: 'get_everything' }, { method: 'POST', form: true });
    expect(unknownPost.statusCode).toBe(400);
    expect(unknownPost.json().message).toBe(
      'Unknown edd_action "get_everything": this shop answers activate_license, deactivate_license, check_license, get_version',
    );
    const before = await t.db
      .selectFrom('license_activations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    await edd({ edd_action: 'activate_license', item_id: String(ITEM_ID), url: 'https://x.example.org' });
    const after = await t.db
      .selectFrom('license_activations')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('shares the per-IP rate limit of the machine API setting', async () => {
    await t.ctx.settings.update({ rate_limit_per_minute: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await edd({ edd_action: 'check_license', license: 'x' }, { ip: '10.99.0.1' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': '10.99.0.1' } })).statusCode).not.toBe(429);
    } finally {
      await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
    }
  });
});
