// Item names as EDD Software Licensing compares them (issue 38): `sanitize_title( urldecode( $item_name ) )`
// against sanitize_title() of the download's name, for every action. EDD's sample plugin sends
// `urlencode( 'EDD Demo' )`, so the store receives `EDD+Demo`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createLicense } from '../licenses/index.js';
import { createEddTestApp, eddFormPoster } from '../../test/edd-fixtures.js';

const PLUGIN = POSTCODE_PLUGIN_SLUG;
const ITEM_NAME = 'Café Crème (EDD) Pro';

/** PHP's urlencode(): spaces as `+`, every byte but letters, digits and -_. escaped. */
const phpUrlencode = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');

describe(`EDD item names compared as EDD compares them (${testDialect()})`, () => {
  let t: TestApp;
  const post = eddFormPoster(() => t, 38);

  beforeAll(async () => {
    t = await createEddTestApp(PLUGIN, { edd_item_name: ITEM_NAME }, { env: { BASE_URL: 'http://licensing.test' }, release: true });
  });
  afterAll(() => t.close());

  // What sites send for the item, and whether EDD (so this shop) takes it as ITEM_NAME.
  const SPELLINGS: Array<[string, string, boolean]> = [
    ['urlencode, as EDD sample plugin', phpUrlencode(ITEM_NAME), true],
    ['rawurlencode', encodeURIComponent(ITEM_NAME).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`), true],
    ['as typed', ITEM_NAME, true],
    ['lower case, accents and punctuation dropped', 'cafe creme edd pro', true],
    ['the sanitised title itself', 'cafe-creme-edd-pro', true],
    ['+ between words, decoded as spaces', 'Cafe+Creme+EDD+Pro', true],
    ['an escaped + (EDD decodes twice: rawurldecode, then urldecode)', 'Caf%C3%A9%2BCr%C3%A8me+EDD+Pro', true],
    ['the same words in another order', 'Pro EDD Creme Cafe', false],
    ['another name', phpUrlencode('Café Crème Basic'), false],
  ];

  it.each(SPELLINGS)('activate, check, get_version and deactivate with item_name %s', async (_what, itemName, matches) => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 2, customerEmail: 'buyer@example.com' });
    const site = `https://s${post.calls()}.example.org`;
    const common = { license: license.key, item_name: itemName, url: site };
    const activated = (await post({ edd_action: 'activate_license', ...common })).json();
    const checked = (await post({ edd_action: 'check_license', ...common })).json();
    const version = (await post({ edd_action: 'get_version', ...common, slug: 'postcode-zones' })).json();
    if (matches) {
      expect(activated).toMatchObject({ success: true, license: 'valid', site_count: 1 });
      expect(checked).toMatchObject({ success: true, license: 'valid' });
      expect(version.package).toMatch(/^http:\/\/licensing\.test\//);
    } else {
      expect(activated).toMatchObject({ success: false, license: 'invalid', error: 'item_name_mismatch' });
      expect(checked).toMatchObject({ license: 'item_name_mismatch' });
      expect(version).toMatchObject({ package: '', msg: 'Item name provided does not match a valid Download' });
      // Deactivating an item the licence is not for fails; the seat taken by a good name is freed below.
      await post({ edd_action: 'activate_license', license: license.key, item_name: ITEM_NAME, url: site });
    }
    const deactivated = (await post({ edd_action: 'deactivate_license', ...common })).json();
    expect(deactivated).toMatchObject({ success: matches, license: matches ? 'deactivated' : 'failed' });
  });

  it("a plugin without an EDD item name is matched by its own name, in any of EDD's spellings", async () => {
    const other = await t.app.inject({ method: 'GET', url: '/api/admin/plugins', headers: await t.adminHeaders() });
    const plugin = (other.json() as Array<{ slug: string; name: string; edd_item_name: string | null }>).find((p) => p.slug !== PLUGIN && !p.edd_item_name);
    expect(plugin).toBeDefined();
    const license = await createLicense(t.ctx, { pluginSlug: plugin!.slug, plan: 'lifetime', maxActivations: 1, customerEmail: 'b@example.com' });
    const answer = (
      await post({ edd_action: 'activate_license', license: license.key, item_name: phpUrlencode(plugin!.name.toUpperCase()), url: 'https://own.example.org' })
    ).json();
    expect(answer).toMatchObject({ success: true, license: 'valid' });
  });
});
