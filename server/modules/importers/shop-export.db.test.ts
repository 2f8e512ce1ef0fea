import fs from 'node:fs';
import { customerRow } from '../../test/shop-fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { multipartBody } from '../../test/release-test-helpers.js';
import { seedDemoRelease } from '../releases/index.js';

const LEMONSQUEEZY_LINK = 'https://my-store.lemonsqueezy.com/checkout/buy/d1f120fd-5adc-4fff-8915-cce713d29427';

const fixture = (name: string) => fs.readFileSync(new URL(`../../test/fixtures/imports/${name}`, import.meta.url));

/** Fills a shop with a row in every exported table: licences with sites (the EDD importer), an order, a customer, a release. */
async function fillShop(t: TestApp): Promise<void> {
  const headers = await t.adminHeaders();
  const form = multipartBody(
    { format: 'edd', mapping: JSON.stringify({ 'Postcode Zones': POSTCODE_PLUGIN_SLUG }), on_error: 'continue', apply: 'true' },
    { content: fixture('edd-licenses.csv'), filename: 'edd.csv' },
  );
  const imported = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...headers, ...form.headers }, payload: form.payload });
  expect(imported.statusCode).toBe(200);
  const license = await t.db.selectFrom('licenses').select(['id', 'customer_email']).orderBy('id').executeTakeFirstOrThrow();
  const at = '2025-06-01T10:00:00.000Z';
  const order = await t.db
    .insertInto('orders')
    .values({
      email: license.customer_email!,
      plugin_slug: POSTCODE_PLUGIN_SLUG,
      amount: 4900,
      currency: 'GBP',
      status: 'paid',
      provider: 'test',
      provider_ref: 'pi_roundtrip',
      client_secret_hash: null,
      origin: null,
      checkout_key: null,
      license_id: license.id,
      created_at: at,
      paid_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('licenses').set({ order_id: order.id }).where('id', '=', license.id).execute();
  // The import made the buyer's summary row (license.created, as a sale); this one has a name and a note.
  await t.db.deleteFrom('customers').where('email', '=', license.customer_email!).execute();
  await t.db
    .insertInto('customers')
    .values({ ...customerRow(license.customer_email!, 'Ann Example', at), note: 'VIP, "quoted"\nsecond line' })
    .execute();
  // A plugin's FAQ (0034): a JSON list on its row, carried as it is.
  await t.db
    .updateTable('plugins')
    .set({ faq: JSON.stringify([{ question: 'Multisite, "quoted"?', answer: 'Yes.\nOne licence per site.' }]) })
    .where('slug', '=', POSTCODE_PLUGIN_SLUG)
    .execute();
  // A tier sold through Lemon Squeezy: its numeric variant id (0033) and its checkout link (0035), carried as they are.
  await t.db
    .updateTable('plugin_prices')
    .set({ lemonsqueezy_variant_id: '123456', lemonsqueezy_checkout_link: LEMONSQUEEZY_LINK })
    .where('plugin_slug', '=', POSTCODE_PLUGIN_SLUG)
    .execute();
  const release = await t.db
    .insertInto('releases')
    .values({
      plugin_slug: POSTCODE_PLUGIN_SLUG,
      version: '2.0.1',
      notes: 'Fixes ünïcödé',
      zip_path: 'postcode-zones-2.0.1-abc.zip',
      file_size: 12345,
      sha384: 'ab'.repeat(48),
      signature: 'c2lnbmF0dXJl',
      created_at: at,
      requires_wp: '6.0',
      tested_wp: '6.5',
      requires_php: '8.0',
      author: 'Vendor',
      upgrade_notice: null,
      withdrawn_at: null,
      offered_at: at,
      rollout_paused_at: null,
      rollout_pause_reason: null,
      rollback_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('release_changelogs').values({ release_id: release.id, html: '<ul><li>Fix</li></ul>', changelog: '= 2.0.1 =\n* Fix' }).execute();
  await t.db
    .insertInto('ended_activations')
    .values({ license_id: license.id, site_url: 'old-shop.example.com', is_local: 0, activated_at: '2025-01-01T00:00:00.000Z', deactivated_at: at })
    .execute();
  const coupon = await t.db
    .insertInto('coupons')
    .values({
      code: 'SPRING25',
      kind: 'percent',
      value: 25,
      currency: null,
      plugin_slugs: JSON.stringify([POSTCODE_PLUGIN_SLUG]),
      price_ids: '[]',
      for_new: 1,
      for_renewals: 0,
      valid_from: null,
      valid_to: '2026-12-31T23:59:59.000Z',
      max_redemptions: 100,
      max_per_buyer: 1,
      redemptions: 1,
      active: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('coupon_redemptions').values({ coupon_id: coupon.id, order_id: order.id, email: license.customer_email!, created_at: at }).execute();
}

const TABLES = [
  'plugins',
  'plugin_prices',
  'customers',
  'licenses',
  'license_activations',
  'orders',
  'releases',
  'release_changelogs',
  'ended_activations',
  'coupons',
  'coupon_redemptions',
];

describe(`this server's export and its re-import (${testDialect()})`, () => {
  let source: TestApp;
  let target: TestApp;
  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp({ seed: false });
    await fillShop(source);
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  const exportOf = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/export', headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="shop-export-\d{4}-\d\d-\d\d\.json"$/);
    return response.json<Record<string, unknown> & { exported_at: string }>();
  };
  /** The export file as downloaded: one JSON document, one row a line. */
  const exportFileOf = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/export', headers: await t.adminHeaders() });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  const importInto = async (t: TestApp, content: Buffer, fields: Record<string, string>) => {
    const form = multipartBody({ format: 'self', ...fields }, { content, filename: 'shop-export.json' });
    return t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...(await t.adminHeaders()), ...form.headers }, payload: form.payload });
  };

  it('exports every table, and the export imported into an empty shop exports the same (lossless round trip)', async () => {
    const content = await exportFileOf(source);
    const exported = JSON.parse(content.toString('utf8')) as Record<string, unknown> & { exported_at: string };
    for (const table of TABLES) expect((exported[table] as unknown[]).length, table).toBeGreaterThan(0);
    // Laid out one row a line, so that it is written and read a line at a time.
    const lines = content.toString('utf8').split('\n');
    expect(lines[0]).toMatch(/^\{"format":"plugin-licensing-server-export","version":1,"exported_at":"[^"]+"$/);
    expect(lines[1]).toBe(',"plugins":[');
    const totalRows = TABLES.reduce((n, table) => n + (exported[table] as unknown[]).length, 0);
    expect(lines.length).toBe(1 + TABLES.length * 2 + totalRows + 2);

    const dry = await importInto(target, content, { apply: 'false' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().summary).toMatchObject({ format: 'self', dryRun: true, errors: 0 });
    expect(dry.json().rows[3]).toMatchObject({ line: 4, action: 'create', reason: '4 licences' });
    expect(await target.db.selectFrom('licenses').select('id').execute()).toEqual([]);

    const applied = await importInto(target, content, { apply: 'true' });
    expect(applied.statusCode).toBe(200);
    const again = await exportOf(target);
    const { exported_at: _a, ...before } = exported;
    const { exported_at: _b, ...after } = again;
    expect(after).toEqual(before);
    const faq = await target.db.selectFrom('plugins').select('faq').where('slug', '=', POSTCODE_PLUGIN_SLUG).executeTakeFirstOrThrow();
    expect(JSON.parse(faq.faq)).toEqual([{ question: 'Multisite, "quoted"?', answer: 'Yes.\nOne licence per site.' }]);
    const tiers = await target.db
      .selectFrom('plugin_prices')
      .select(['lemonsqueezy_variant_id', 'lemonsqueezy_checkout_link'])
      .where('plugin_slug', '=', POSTCODE_PLUGIN_SLUG)
      .execute();
    expect(tiers.length).toBeGreaterThan(0);
    expect(tiers).toEqual(tiers.map(() => ({ lemonsqueezy_variant_id: '123456', lemonsqueezy_checkout_link: LEMONSQUEEZY_LINK })));

    // Ids continue after the imported ones, and an imported key validates at once with its site counted.
    const validate = await target.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/validate',
      payload: { license_key: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', site_url: 'https://ann-shop.example.com', plugin_slug: POSTCODE_PLUGIN_SLUG },
    });
    expect(validate.json()).toMatchObject({ valid: true, license: { activations_used: 1 } });
  });

  it('refuses a shop that is not empty, naming what is there, and writes nothing', async () => {
    const content = Buffer.from(JSON.stringify(await exportOf(source)));
    const before = (await source.db.selectFrom('licenses').select('id').execute()).length;
    const refused = await importInto(source, content, { apply: 'true' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^This shop is not empty \(4 licences, 1 orders, 4 customers, 1 releases, 1 coupons\): an export is imported into an empty shop only$/,
    );
    expect((await source.db.selectFrom('licenses').select('id').execute()).length).toBe(before);
  });

  it("a fresh default install (the demo catalogue and its demo release) takes the shop's own export, which replaces the catalogue", async () => {
    const fresh = await createTestApp();
    try {
      expect(await seedDemoRelease(fresh.ctx)).toBe(true);
      const content = await exportFileOf(source);
      const applied = await importInto(fresh, content, { apply: 'true' });
      expect(applied.statusCode, applied.body).toBe(200);
      const { exported_at: _a, ...before } = await exportOf(source);
      const { exported_at: _b, ...after } = await exportOf(fresh);
      expect(after).toEqual(before);
      // A second import finds a shop that is no longer empty.
      expect((await importInto(fresh, content, { apply: 'true' })).statusCode).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('replaces a demo catalogue; refuses a malformed export with the row and column, writing nothing', async () => {
    const seeded = await createTestApp();
    try {
      const exported = await exportOf(source);
      const broken = structuredClone(exported) as Record<string, Array<Record<string, unknown>>>;
      delete broken.licenses![1]!.max_activations;
      const refused = await importInto(seeded, Buffer.from(JSON.stringify(broken)), { apply: 'true' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("licenses[1] does not have this server's columns; missing max_activations");
      const typed = structuredClone(exported) as Record<string, Array<Record<string, unknown>>>;
      typed.orders![0]!.amount = 'lots';
      const failed = await importInto(seeded, Buffer.from(JSON.stringify(typed)), { apply: 'true' });
      expect(failed.statusCode).toBe(400);
      expect(failed.json().message).toBe('orders[0].amount must be a number');
      expect(await seeded.db.selectFrom('licenses').select('id').execute()).toEqual([]);
      const notJson = await importInto(seeded, Buffer.from('{"format": '), { apply: 'false' });
      expect(notJson.json().message).toBe("This file is not valid JSON: this server's export is the JSON file GET /api/admin/export downloads");
      const other = await importInto(seeded, Buffer.from('{"format": "other"}'), { apply: 'false' });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toMatch(/^This file is not this server's export: expected a JSON object with "format": "plugin-licensing-server-export"/);

      // A truncated or broken file, in the line layout: refused with the line, nothing written.
      const file = (await exportFileOf(source)).toString('utf8');
      const truncated = await importInto(seeded, Buffer.from(file.slice(0, file.indexOf(',"orders":['))), { apply: 'true' });
      expect(truncated.statusCode).toBe(400);
      expect(truncated.json().message).toBe(
        'This file is not valid JSON: this server\'s export is the JSON file GET /api/admin/export downloads (it ends before its closing "}": is the file complete?)',
      );
      const lines = file.split('\n');
      const second = lines.indexOf(',"licenses":[') + 2;
      lines[second] = lines[second]!.slice(0, -3);
      const broken2 = await importInto(seeded, Buffer.from(lines.join('\n')), { apply: 'true' });
      expect(broken2.json().message).toMatch(new RegExp(` \\(line ${second + 1} is not\\)$`));
      expect(await seeded.db.selectFrom('plugins').select('slug').execute()).not.toEqual([]);

      // An export written whole on one line, as this server wrote it before (without the tables added since, and
      // without the columns added since that may be null), imports too: those columns are stored as null.
      const { ended_activations: _e, coupons: _c, coupon_redemptions: _r, ...older } = exported;
      const tiers = older.plugin_prices as Array<Record<string, unknown>>;
      const olderTiers = tiers.map(({ lemonsqueezy_checkout_link: _link, ...tier }) => tier);
      const applied = await importInto(seeded, Buffer.from(JSON.stringify({ ...older, plugin_prices: olderTiers })), { apply: 'true' });
      expect(applied.statusCode, applied.body).toBe(200);
      const { exported_at: _a, ...before } = older;
      const { exported_at: _b, ...after } = await exportOf(seeded);
      expect(after).toEqual({
        ...before,
        plugin_prices: tiers.map((tier) => ({ ...tier, lemonsqueezy_checkout_link: null })),
        ended_activations: [],
        coupons: [],
        coupon_redemptions: [],
      });
    } finally {
      await seeded.close();
    }
  });
});
