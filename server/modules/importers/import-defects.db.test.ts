// The importer's defects of issue 38, each on both databases, through the admin's import route: EDD's
// addslashes undone, bad activation URLs and impossible dates refused with the row and the reason, keys that
// differ only in case reported, unlimited kept unlimited, each key's spelling kept for display, each mapped
// plugin's EDD item name recorded, and
// licence events recorded as a sale records them (the Customers summaries and webhook deliveries).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLIMITED_ACTIVATIONS } from '../../../common/licenses.js';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { multipartBody } from '../../test/release-test-helpers.js';

const PRODUCT = `O'Brien "Pro" Tools`;
/** As EDD's batch exporter writes it: every field double-quoted through addslashes(), CRLF, Unix-time expiry. */
const EDD_EXPORT = [
  [
    'License ID',
    'License Key',
    'License Status',
    'Customer ID',
    'Customer Email',
    'Customer Name',
    'User ID',
    'Product Name',
    'Price ID',
    'Purchase Date',
    'Expiration Date',
    'Activation Limit',
    'Activation Count',
    'Activated URLs',
  ],
  [
    '1',
    'abcd1111efef2222abcd3333efef4444',
    'active',
    '1',
    "o'brien@example.com",
    "Pat O'Brien",
    '1',
    PRODUCT,
    '',
    '2024-01-15 10:00:00',
    '1893456000',
    '0',
    '1',
    'https://obrien.example.com',
  ],
  ['2', 'abcd5555efef6666abcd7777efef8888', 'active', '2', 'ann@example.com', 'Ann', '2', PRODUCT, '', '2024-01-15 10:00:00', '0', '2', '1', 'not a site'],
  [
    '3',
    'abcd9999efef0000abcd1111efef2222',
    'active',
    '3',
    'bo@example.com',
    'Bo',
    '3',
    PRODUCT,
    '',
    '2024-01-15 10:00:00',
    '2029-02-30 00:00:00',
    '2',
    '0',
    '',
  ],
  ['4', 'ABCD1111EFEF2222ABCD3333EFEF4444', 'active', '4', 'cy@example.com', 'Cy', '4', PRODUCT, '', '2024-01-15 10:00:00', '0', '2', '0', ''],
  ['5', 'abcd1111efef2222abcd3333efef4444', 'active', '5', 'di@example.com', 'Di', '5', PRODUCT, '', '2024-01-15 10:00:00', '0', '2', '0', ''],
]
  .map((row) => row.map((field) => `"${field.replace(/[\\'"]/g, (char) => `\\${char}`)}"`).join(','))
  .join('\r\n');

describe(`importer defects of issue 38 (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const importFile = async (apply: boolean) => {
    const form = multipartBody(
      { format: 'edd', mapping: JSON.stringify({ [PRODUCT]: POSTCODE_PLUGIN_SLUG }), on_error: 'continue', apply: String(apply) },
      { content: Buffer.from(EDD_EXPORT), filename: 'edd-licenses.csv' },
    );
    return t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...(await t.adminHeaders()), ...form.headers }, payload: form.payload });
  };

  it('the Import page lists the product as EDD named it, without the slashes', async () => {
    const form = multipartBody({ format: 'auto' }, { content: Buffer.from(EDD_EXPORT), filename: 'edd-licenses.csv' });
    const inspected = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/inspect',
      headers: { ...(await t.adminHeaders()), ...form.headers },
      payload: form.payload,
    });
    expect(inspected.json()).toMatchObject({ format: 'edd', rows: 5, products: [{ product: PRODUCT, rows: 5 }] });
  });

  it('imports what is good, refuses what is not with its line and reason, and records it as a sale would', async () => {
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhook-endpoints',
      headers: await t.adminHeaders(),
      payload: { url: 'https://hooks.example.com/licensing' },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const dry = await importFile(false);
    expect(dry.statusCode, dry.body).toBe(200);
    const answer = await importFile(true);
    expect(answer.statusCode, answer.body).toBe(200);
    const { summary, rows } = answer.json() as { summary: Record<string, unknown>; rows: Array<{ line: number; action: string; reason: string }> };
    expect(summary).toMatchObject({ rows: 5, created: 1, errors: 3, skipped: 1 });
    const byLine = Object.fromEntries(rows.map((row) => [row.line, row]));
    expect(byLine[2]).toMatchObject({ action: 'create', reason: 'active, expires 2030-01-01T00:00:00.000Z; unlimited sites; 1 activated' });
    expect(byLine[3]).toMatchObject({ action: 'error', reason: 'activated site "not a site" is not a site address' });
    expect(byLine[4]).toMatchObject({ action: 'error', reason: 'Expiration Date "2029-02-30 00:00:00" is not a real date' });
    expect(byLine[5]).toMatchObject({
      action: 'error',
      reason: 'the key differs only in case from the key on line 2: keys are compared case-insensitively here, so only that one is imported',
    });
    expect(byLine[6]).toMatchObject({ action: 'skip', reason: 'the same key is on line 2' });

    const license = await t.db.selectFrom('licenses').selectAll().where('key', '=', 'ABCD1111EFEF2222ABCD3333EFEF4444').executeTakeFirstOrThrow();
    expect(license).toMatchObject({ customer_email: "o'brien@example.com", max_activations: UNLIMITED_ACTIVATIONS, expires_at: '2030-01-01T00:00:00.000Z' });
    // Looked up in any case, shown as the source spelled it.
    expect(license.key_spelling).toBe('abcd1111efef2222abcd3333efef4444');
    const shown = await t.app.inject({ method: 'GET', url: `/api/admin/licenses/${license.id}`, headers: await t.adminHeaders() });
    expect(shown.json().key).toBe('abcd1111efef2222abcd3333efef4444');
    const sites = await t.db.selectFrom('license_activations').select('site_url').where('license_id', '=', license.id).execute();
    expect(sites.map((site) => site.site_url)).toEqual(['obrien.example.com']);
    // The guide's name step is done: sites naming the item by item_name find the plugin.
    const plugin = await t.db.selectFrom('plugins').select('edd_item_name').where('slug', '=', POSTCODE_PLUGIN_SLUG).executeTakeFirstOrThrow();
    expect(plugin.edd_item_name).toBe(PRODUCT);
    // As a sale: the buyer is on the Customers page, and the licence's creation went to the webhook outbox.
    const customers = await t.app.inject({ method: 'GET', url: '/api/admin/customers?search=brien', headers: await t.adminHeaders() });
    expect(customers.body).toContain("o'brien@example.com");
    const deliveries = await t.db.selectFrom('webhook_deliveries').select(['event_type', 'body']).execute();
    expect(deliveries.map((delivery) => delivery.event_type)).toEqual(['license.created']);
    expect(JSON.parse(deliveries[0]!.body).data).toMatchObject({ customer_email: "o'brien@example.com", max_activations: UNLIMITED_ACTIVATIONS });

    // Run again: nothing new is written, and no event goes out again.
    const again = await importFile(true);
    expect(again.json().summary).toMatchObject({ created: 0, skipped: 2 });
    expect(await t.db.selectFrom('webhook_deliveries').select('id').execute()).toHaveLength(1);
  });
});
