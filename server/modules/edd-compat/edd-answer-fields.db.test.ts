// The fields EDD adds to activate_license, check_license and deactivate_license (issue 38): checksum, payment_id,
// customer_name, customer_email, price_id; and an unlimited licence as EDD shows one (limit 0, `unlimited` left).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createLicense } from '../licenses/index.js';
import { requestChecksum } from './edd-answer-fields.js';
import { createEddTestApp, eddFormPoster } from '../../test/edd-fixtures.js';

const PLUGIN = POSTCODE_PLUGIN_SLUG;
const ITEM_ID = 5150;

describe(`EDD answer fields (${testDialect()})`, () => {
  let t: TestApp;
  const post = eddFormPoster(() => t, 39);
  const now = () => new Date().toISOString();

  beforeAll(async () => {
    t = await createEddTestApp(PLUGIN, { edd_item_id: ITEM_ID });
  });
  afterAll(() => t.close());

  it("answers the order, the buyer's name and e-mail, the price tier and EDD's checksum on every action", async () => {
    const email = 'ada.obrien@example.com';
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 3, customerEmail: email });
    const tier = await t.db.selectFrom('plugin_prices').select('id').where('plugin_slug', '=', PLUGIN).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('licenses').set({ order_id: 9041, price_id: tier.id }).where('id', '=', license.id).execute();
    const named = await t.db.updateTable('customers').set({ name: "Ada O'Brien" }).where('email', '=', email).executeTakeFirst();
    if (Number(named.numUpdatedRows) === 0) {
      await t.db
        .insertInto('customers')
        .values({ email, name: "Ada O'Brien", order_count: 0, license_count: 1, total_paid: 0, currencies: '', created_at: now(), updated_at: now() })
        .execute();
    }
    const purchase = { payment_id: 9041, customer_name: "Ada O'Brien", customer_email: email, price_id: String(tier.id) };
    const url = 'https://fields.example.org';

    const activated = (await post({ edd_action: 'activate_license', license: license.key.toLowerCase(), item_id: String(ITEM_ID), url })).json();
    // EDD's $args of remote_license_activation: item_name, key, url, item_id, environment.
    expect(activated).toMatchObject({
      success: true,
      item_id: ITEM_ID,
      ...purchase,
      checksum: requestChecksum([false, license.key.toLowerCase(), url, ITEM_ID, 'production']),
    });

    const checked = (await post({ edd_action: 'check_license', license: license.key, item_name: 'Postcode+Zones', url })).json();
    // remote_license_check: item_id, item_name (rawurldecoded), key, url.
    expect(checked).toMatchObject({ license: 'item_name_mismatch', item_id: false, item_name: 'Postcode+Zones', ...purchase });
    expect(checked.checksum).toBe(requestChecksum([false, 'Postcode+Zones', license.key, url]));
    const valid = (await post({ edd_action: 'check_license', license: license.key, item_id: String(ITEM_ID), url })).json();
    expect(valid).toMatchObject({ success: true, license: 'valid', license_limit: 3, site_count: 1, activations_left: 2, ...purchase });

    const deactivated = (await post({ edd_action: 'deactivate_license', license: license.key, item_id: String(ITEM_ID), url, environment: 'staging' })).json();
    // remote_license_deactivation: item_id, item_name, key, url, environment.
    expect(deactivated).toMatchObject({
      success: true,
      license: 'deactivated',
      ...purchase,
      checksum: requestChecksum([ITEM_ID, false, license.key, url, 'staging']),
    });

    // An unknown key: no purchase fields, still the checksum.
    const unknown = (await post({ edd_action: 'check_license', license: 'NOPE-NOPE', item_id: String(ITEM_ID), url })).json();
    expect(unknown).toEqual({
      success: false,
      license: 'invalid',
      item_id: ITEM_ID,
      item_name: expect.any(String),
      checksum: requestChecksum([ITEM_ID, false, 'NOPE-NOPE', url]),
    });
  });

  it('answers an unlimited licence as EDD does: license_limit 0 and activations_left "unlimited"', async () => {
    const license = await createLicense(t.ctx, {
      pluginSlug: PLUGIN,
      plan: 'lifetime',
      maxActivations: UNLIMITED_ACTIVATIONS,
      customerEmail: 'many@example.com',
    });
    const fields = { license: license.key, item_id: String(ITEM_ID), url: 'https://unlimited.example.org' };
    expect((await post({ edd_action: 'activate_license', ...fields })).json()).toMatchObject({
      success: true,
      license_limit: 0,
      site_count: 1,
      activations_left: 'unlimited',
    });
    expect((await post({ edd_action: 'check_license', ...fields })).json()).toMatchObject({
      license: 'valid',
      license_limit: 0,
      activations_left: 'unlimited',
    });
  });
});
