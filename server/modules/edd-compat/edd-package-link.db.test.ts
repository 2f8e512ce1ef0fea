// Old EDD package links (issue 38): `/edd-sl/package_download/{token}` as the EDD store wrote them.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createLicense } from '../licenses/index.js';
import { createEddTestApp } from '../../test/edd-fixtures.js';

const PLUGIN = POSTCODE_PLUGIN_SLUG;
const ITEM_ID = 6060;
const BASE = 'http://licensing.test';

/** EDD_SL_Package_Download::get_encoded_download_package_url's token. */
function eddToken(key: string, downloadId: number, url: string, expires = Math.floor(Date.now() / 1000) + 86_400): string {
  const hash = createHash('md5').update(`Postcode Zones0${downloadId}${key}${expires}`).digest('hex');
  return Buffer.from(`${expires}:${key}:${downloadId}:${hash}:${url.replaceAll(':', '@')}:0`).toString('base64');
}

describe(`old EDD package links (${testDialect()})`, () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '10.40.0.1' } });

  beforeAll(async () => {
    t = await createEddTestApp(PLUGIN, { edd_item_id: ITEM_ID }, { env: { BASE_URL: BASE }, release: true });
  });
  afterAll(() => t.close());

  it("redirects a licensed site's old link to the current signed package, which downloads with its signature", async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 2, customerEmail: 'old@example.com' });
    const site = 'https://old-link.example.org';
    const activated = await t.app.inject({
      method: 'POST',
      url: '/',
      payload: { edd_action: 'activate_license', license: license.key, item_id: String(ITEM_ID), url: site },
    });
    expect(activated.json()).toMatchObject({ success: true });
    // EDD's key as the site has it (any case), and a link older than EDD's own 24 hours: the licence decides.
    for (const token of [eddToken(license.key.toLowerCase(), ITEM_ID, site), `${eddToken(license.key, ITEM_ID, `${site}/`, 1_600_000_000)}/`]) {
      const answer = await get(`/edd-sl/package_download/${token}`);
      expect(answer.statusCode, answer.body).toBe(302);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      const location = new URL(String(answer.headers.location));
      expect(location.origin).toBe(BASE);
      expect(location.pathname).toMatch(/^\/api\/v1\/downloads\//);
      const zip = await get(location.pathname + location.search);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['x-content-signature']).toBeTruthy();
    }
  });

  it('answers anything else with a 4xx that says how to get a current link, and writes nothing', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 2, customerEmail: 'other@example.com' });
    const other = await t.db.selectFrom('plugins').select('slug').where('slug', '!=', PLUGIN).executeTakeFirstOrThrow();
    await t.app.inject({ method: 'PATCH', url: `/api/admin/plugins/${other.slug}`, headers: await t.adminHeaders(), payload: { edd_item_id: ITEM_ID + 1 } });
    const cases: Array<[string, number]> = [
      [eddToken(license.key, ITEM_ID, 'https://never-activated.example.org'), 403], // a site the licence is not active on
      [eddToken('NO-SUCH-KEY', ITEM_ID, 'https://old-link.example.org'), 403],
      [eddToken(license.key, ITEM_ID + 1, 'https://old-link.example.org'), 403], // another plugin's EDD download
      [eddToken(license.key, ITEM_ID, ''), 403],
      ['not-base64!', 404],
      [Buffer.from('just:three:parts').toString('base64'), 404],
      ['', 404],
    ];
    const before = await t.db
      .selectFrom('license_activations')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [token, status] of cases) {
      const answer = await get(`/edd-sl/package_download/${token}`);
      expect(answer.statusCode, token).toBe(status);
      expect(answer.json().message).toContain('Dashboard → Updates and click "Check again"');
    }
    const after = await t.db
      .selectFrom('license_activations')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
