// check_license's customer_name comes from the licence's own validation statement (customers' withBuyerName, read by
// the validation reader on both test databases; Kysely reads it only where there is no reader, in-memory SQLite).
// Many checks at once share one statement on PostgreSQL: each must still get its own buyer's name, since a mix-up
// would tell a site another buyer's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { createEddTestApp, eddFormPoster } from '../../test/edd-fixtures.js';
import { customerRow } from '../../test/shop-fixtures.js';
import { createLicense } from '../licenses/index.js';

const PLUGIN = POSTCODE_PLUGIN_SLUG;
const ITEM_ID = 5151;

describe(`check_license's buyer name (${testDialect()})`, () => {
  let t: TestApp;
  const post = eddFormPoster(() => t, 37);
  beforeAll(async () => {
    t = await createEddTestApp(PLUGIN, { edd_item_id: ITEM_ID });
  });
  afterAll(() => t.close());

  /** The customer row of `email` (lower-cased, as the customers module keeps it) with `name`, made or named. */
  async function nameCustomer(email: string, name: string | null): Promise<void> {
    const address = email.toLowerCase();
    const named = await t.db.updateTable('customers').set({ name }).where('email', '=', address).executeTakeFirst();
    if (Number(named.numUpdatedRows) === 0) await t.db.insertInto('customers').values(customerRow(address, name)).execute();
  }

  it("answers each of many concurrent checks with its own buyer's name, as one check at a time does", async () => {
    // Buyers with a name, one typed in capitals on the licence, one without a name, one with no customer row.
    const buyers: Array<{ email: string; name: string | null | 'no row' }> = [
      { email: 'ann@buyers.example', name: 'Ann Buyer' },
      { email: 'Bob.Smith@Buyers.Example', name: 'Bob Smith' },
      { email: 'cy@buyers.example', name: null },
      { email: 'dee@buyers.example', name: "Dee O'Neil" },
      { email: 'nobody@buyers.example', name: 'no row' },
      { email: 'eve@buyers.example', name: 'Eve Buyer' },
    ];
    const checks: Array<{ fields: Record<string, string>; name: string }> = [];
    for (const [i, buyer] of buyers.entries()) {
      const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 3, customerEmail: buyer.email });
      if (buyer.name === 'no row') await t.db.deleteFrom('customers').where('email', '=', buyer.email.toLowerCase()).execute();
      else await nameCustomer(buyer.email, buyer.name);
      const url = `https://buyer${i}.example.org`;
      expect((await post({ edd_action: 'activate_license', license: license.key, item_id: String(ITEM_ID), url })).json()).toMatchObject({ success: true });
      const name = buyer.name === 'no row' || buyer.name === null ? '' : buyer.name;
      checks.push({ fields: { edd_action: 'check_license', license: license.key, item_id: String(ITEM_ID), url }, name });
    }
    const all = [...checks, ...checks.slice().reverse(), ...checks];

    const oneAtATime = [];
    for (const check of all) oneAtATime.push((await post(check.fields)).json());
    const atOnce = (await Promise.all(all.map((check) => post(check.fields)))).map((response) => response.json());

    expect(oneAtATime.map((answer) => answer.customer_name)).toEqual(all.map((check) => check.name));
    expect(atOnce).toEqual(oneAtATime);
    expect(atOnce.every((answer) => answer.license === 'valid')).toBe(true);
    // The address is the licence's, as the buyer typed it.
    expect(atOnce[1]).toMatchObject({ customer_name: 'Bob Smith', customer_email: 'Bob.Smith@Buyers.Example' });
  });
});
