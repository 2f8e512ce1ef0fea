import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { multipartBody } from '../../test/release-test-helpers.js';

const fixture = (name: string) => fs.readFileSync(new URL(`../../test/fixtures/imports/${name}`, import.meta.url));
const eddMapping = JSON.stringify({ 'Postcode Zones': POSTCODE_PLUGIN_SLUG });

describe(`the Import page's routes (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = async (url: string, fields: Record<string, string>, content: Buffer, extraHeaders: Record<string, string> = {}) => {
    const form = multipartBody(fields, { content, filename: 'export.csv' });
    return t.app.inject({ method: 'POST', url, headers: { ...(await t.adminHeaders()), ...form.headers, ...extraHeaders }, payload: form.payload });
  };
  const countLicenses = async () => (await t.db.selectFrom('licenses').select('id').execute()).length;

  it('inspect detects the format and lists the source products to map', async () => {
    const response = await post('/api/admin/imports/inspect', { format: 'auto' }, fixture('edd-licenses.csv'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      format: 'edd',
      label: 'Easy Digital Downloads Software Licensing licence export',
      rows: 6,
      products: [{ product: 'Postcode Zones', rows: 6 }],
      products_truncated: false,
    });
    const lmfwc = await post('/api/admin/imports/inspect', { format: 'auto' }, fixture('lmfwc-licenses.csv'));
    expect(lmfwc.json()).toMatchObject({ format: 'lmfwc', products: [{ product: '55' }] });
  });

  it('a file of no known format, or not the format chosen, says which columns were expected', async () => {
    const unknown = await post('/api/admin/imports/inspect', { format: 'auto' }, Buffer.from('name,email\nAnn,ann@example.com\n'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(
      /^The format of this file was not recognised\. Expected this server's JSON export, or a CSV whose first line has the columns of one of: Easy Digital Downloads Software Licensing licence export \(License Key, License Status/,
    );
    const wrong = await post('/api/admin/imports', { format: 'freemius', apply: 'true' }, fixture('edd-licenses.csv'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'This file is not in the Freemius licences format: expected the columns secret_key, plugin_id, quota, expiration, is_cancelled, created; missing secret_key, plugin_id, quota, expiration, is_cancelled, created',
    );
  });

  it('a run named by import_id reports its progress while it runs and once it has ended; an unknown one is a 404', async () => {
    const headers = await t.adminHeaders();
    const unknown = await t.app.inject({ method: 'GET', url: '/api/admin/imports/progress/not-a-run-0001', headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^No import by this id is running/);
    const content = fixture('edd-licenses.csv');
    const fields = { format: 'auto', mapping: eddMapping, apply: 'false', import_id: 'run-0001-abcd' };
    expect((await post('/api/admin/imports', fields, content)).statusCode).toBe(200);
    const progress = await t.app.inject({ method: 'GET', url: '/api/admin/imports/progress/run-0001-abcd', headers });
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toEqual({ rows: 6, bytes_read: content.length, total_bytes: content.length, done: true });
    const bad = await post('/api/admin/imports', { ...fields, import_id: 'no spaces' }, content);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/import_id: must be 8 to 64 letters, digits or dashes/);
  });

  it('a dry run lists every row with its line and reason and writes nothing; the import then writes, and again adds nothing', async () => {
    const before = await countLicenses();
    const dry = await post('/api/admin/imports', { format: 'auto', mapping: eddMapping, on_error: 'continue', apply: 'false' }, fixture('edd-licenses.csv'));
    expect(dry.statusCode).toBe(200);
    expect(dry.json().summary).toEqual({ format: 'edd', dryRun: true, rows: 6, created: 4, skipped: 0, errors: 2, stopped: false });
    expect(dry.json().rows.map((row: { line: number; action: string }) => [row.line, row.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'create'],
      [5, 'create'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(dry.json().rows[5].reason).toBe('Activation Limit "three" is not a whole number of sites');
    expect(await countLicenses()).toBe(before);

    const stop = await post('/api/admin/imports', { format: 'edd', mapping: eddMapping, on_error: 'stop', apply: 'false' }, fixture('edd-licenses.csv'));
    expect(stop.json().summary).toMatchObject({ stopped: true, errors: 1 });

    const applied = await post('/api/admin/imports', { format: 'edd', mapping: eddMapping, apply: 'true' }, fixture('edd-licenses.csv'));
    expect(applied.json().summary).toMatchObject({ dryRun: false, created: 4, errors: 2 });
    expect(await countLicenses()).toBe(before + 4);
    const again = await post('/api/admin/imports', { format: 'edd', mapping: eddMapping, apply: 'true' }, fixture('edd-licenses.csv'));
    expect(again.json().summary).toMatchObject({ created: 0, skipped: 4 });
    expect(await countLicenses()).toBe(before + 4);
  });

  it('refuses a file above the upload limit before reading it (a declared 1 GB), and one that turns out too large, writing nothing', async () => {
    const before = await countLicenses();
    const huge = await post('/api/admin/imports', { format: 'edd', mapping: eddMapping, apply: 'true' }, fixture('edd-licenses.csv'), {
      'content-length': String(1024 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/^This upload is 1024 MB: an import file may be at most 50 MB \(Settings → Max file size\)/);
    await t.ctx.settings.update({ max_file_size_mb: 1 });
    try {
      const rows = Array.from(
        { length: 20_000 },
        (_, i) => `${i},KEY${String(i).padStart(12, '0')},active,1,a@example.com,A,1,Postcode Zones,,2024-01-01 00:00:00,0,1,0,`,
      );
      const big = Buffer.from(`${fixture('edd-licenses.csv').toString('utf8').split('\n')[0]}\n${rows.join('\n')}\n`);
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const refused = await post('/api/admin/imports', { format: 'edd', mapping: eddMapping, apply: 'true' }, big);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toMatch(/an import file may be at most 1 MB \(Settings → Max file size\)/);
      expect(await countLicenses()).toBe(before);
    } finally {
      await t.ctx.settings.update({ max_file_size_mb: 50 });
    }
  });

  it('bad fields are a 400 naming the field', async () => {
    const response = await post('/api/admin/imports', { format: 'edd', mapping: '[1]', on_error: 'maybe' }, fixture('edd-licenses.csv'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'mapping: must be a JSON object of source product → plugin slug; on_error: must be continue (skip bad rows) or stop (stop at the first bad row)',
    );
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: await t.adminHeaders(), payload: { format: 'edd' } });
    expect(notMultipart.statusCode).toBe(415);
  });
});
