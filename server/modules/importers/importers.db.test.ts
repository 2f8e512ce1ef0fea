import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSING_PLUGIN_SLUG, POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { AppError } from '../../lib/errors.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { MAX_RECORD_CHARS, readCsvRecords } from './csv-reader.js';
import { runImport, type ImportOptions, type ImportRowReport } from './import.service.js';

const fixture = (name: string) => new URL(`../../test/fixtures/imports/${name}`, import.meta.url);
const RULES = { localSitesExempt: true, stagingPatterns: [], trustEnvironmentClaim: false };

describe(`importers (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.settings.update({ rate_limit_per_minute: 100_000 });
  });
  afterAll(async () => t.close());

  async function run(file: string, options: Partial<ImportOptions> & Pick<ImportOptions, 'format' | 'mapping'>) {
    const rows: ImportRowReport[] = [];
    const summary = await runImport(t.ctx, fs.createReadStream(fixture(file), { highWaterMark: 64 }), {
      apply: false,
      onError: 'continue',
      rules: RULES,
      batchSize: 2,
      onRow: (row) => rows.push(row),
      ...options,
    });
    return { summary, rows };
  }
  const countLicenses = async () =>
    Number(
      (
        await t.db
          .selectFrom('licenses')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const eddMapping = { 'Postcode Zones': POSTCODE_PLUGIN_SLUG };

  it('EDD SL export: a dry run reports every row with its line and reason, and writes nothing', async () => {
    const before = await countLicenses();
    const { summary, rows } = await run('edd-licenses.csv', { format: 'edd', mapping: eddMapping });
    expect(summary).toMatchObject({ dryRun: true, rows: 6, created: 4, skipped: 0, errors: 2, stopped: false });
    expect(rows.map((row) => [row.line, row.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'create'],
      [5, 'create'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(rows[1]!.reason).toBe('active, never expires; unlimited sites; 0 activated');
    expect(rows[4]!.reason).toBe('Purchase Date "not-a-date" is not a date (expected Y-m-d H:i:s, ISO-8601 or a Unix timestamp)');
    expect(rows[5]!.reason).toBe('Activation Limit "three" is not a whole number of sites');
    expect(rows[0]!.key).not.toContain('A1B2C3D4E5F60718293A4B5C6D7E8F90');
    expect(await countLicenses()).toBe(before);
  });

  it('EDD SL export: imports keys as they are with status, expiry, limit, e-mail and sites; twice adds nothing', async () => {
    const first = await run('edd-licenses.csv', { format: 'edd', mapping: eddMapping, apply: true });
    expect(first.summary).toMatchObject({ created: 4, errors: 2 });
    const di = await t.db.selectFrom('licenses').selectAll().where('key', '=', '1234567890ABCDEF1234567890ABCDEF').executeTakeFirstOrThrow();
    expect(di).toMatchObject({
      status: 'revoked',
      max_activations: 3,
      customer_email: 'di@example.com',
      expires_at: '2031-04-01T08:00:00.000Z',
      plugin_slug: POSTCODE_PLUGIN_SLUG,
    });
    const sites = await t.db.selectFrom('license_activations').select('site_url').where('license_id', '=', di.id).orderBy('site_url').execute();
    expect(sites.map((s) => s.site_url)).toEqual(['di-one.example.com', 'di-two.example.com']);
    const again = await run('edd-licenses.csv', { format: 'edd', mapping: eddMapping, apply: true });
    expect(again.summary).toMatchObject({ created: 0, skipped: 4, errors: 2 });
    expect(again.rows[0]!.reason).toBe('a licence with this key is here already');
  });

  it('two imports of the same file at once add each key once', async () => {
    const csv = `secret_key,plugin_id,quota,expiration,is_cancelled,created\n${Array.from({ length: 12 }, (_, i) => `sk_concurrent_${i},4321,2,,0,2024-08-01 00:00:00`).join('\n')}\n`;
    const importOnce = () =>
      runImport(t.ctx, Readable.from([csv]), {
        format: 'freemius',
        mapping: { '4321': LICENSING_PLUGIN_SLUG },
        apply: true,
        onError: 'continue',
        rules: RULES,
        batchSize: 3,
      });
    const before = await countLicenses();
    const results = await Promise.all([importOnce(), importOnce()]);
    expect(results.map((result) => result.errors)).toEqual([0, 0]);
    expect((await countLicenses()) - before).toBe(12);
    expect(await importOnce()).toMatchObject({ created: 0, skipped: 12 });
  });

  it('an imported key validates at once through both APIs, its sites already counted', async () => {
    const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/v1/licenses/validate',
      payload: { license_key: key, site_url: 'https://ann-shop.example.com', plugin_slug: POSTCODE_PLUGIN_SLUG },
    });
    expect(ours.json()).toMatchObject({ valid: true, code: 'VALID', license: { activations_used: 1, max_activations: 2 } });
    const edd = await t.app.inject({ method: 'GET', url: `/?edd_action=check_license&license=${key}&url=https://ann-shop.example.com` });
    expect(edd.json()).toMatchObject({ license: 'valid', site_count: 1, license_limit: 2, expires: '2030-01-15 10:00:00' });
  });

  it('a file of another format is refused naming the expected columns, writing nothing', async () => {
    const before = await countLicenses();
    const attempt = run('lmfwc-licenses.csv', { format: 'edd', mapping: eddMapping, apply: true });
    await expect(attempt).rejects.toThrow(AppError);
    await expect(run('lmfwc-licenses.csv', { format: 'edd', mapping: eddMapping, apply: true })).rejects.toThrow(
      'This file is not in the Easy Digital Downloads Software Licensing licence export format: expected the columns License Key, License Status, Customer Email, Product Name, Purchase Date, Expiration Date, Activation Limit, Activated URLs; missing License Key, License Status, Customer Email, Product Name, Purchase Date, Expiration Date, Activation Limit, Activated URLs',
    );
    expect(await countLicenses()).toBe(before);
  });

  it('stops at the first malformed row when the admin chose so', async () => {
    const { summary, rows } = await run('edd-licenses.csv', { format: 'edd', mapping: eddMapping, onError: 'stop' });
    expect(summary.stopped).toBe(true);
    expect(rows.at(-1)).toMatchObject({ line: 6, action: 'error' });
  });

  it('an unmapped product is an error row; a mapping to no plugin is refused', async () => {
    const { rows } = await run('lmfwc-licenses.csv', { format: 'lmfwc', mapping: {} });
    expect(rows.every((row) => row.action === 'error' && row.reason === 'product "55" is not mapped to one of our plugins')).toBe(true);
    await expect(run('lmfwc-licenses.csv', { format: 'lmfwc', mapping: { '55': 'no-such-plugin' } })).rejects.toThrow(
      'Product "55" is mapped to "no-such-plugin", which is not a plugin here',
    );
  });

  it.each([
    {
      file: 'lmfwc-licenses.csv',
      format: 'lmfwc' as const,
      mapping: { '55': LICENSING_PLUGIN_SLUG } as Record<string, string>,
      key: 'LMFWC-KEY-0003-CCCC',
      status: 'revoked',
      limit: 5,
    },
    {
      file: 'lemonsqueezy-license-keys.csv',
      format: 'lemonsqueezy' as const,
      mapping: { '777': LICENSING_PLUGIN_SLUG } as Record<string, string>,
      key: '5C7E2F10-9D3A-4B6E-8F21-0A1B2C3D4E5F',
      status: 'revoked',
      limit: 1,
    },
    {
      file: 'freemius-licenses.csv',
      format: 'freemius' as const,
      mapping: { '4321': LICENSING_PLUGIN_SLUG } as Record<string, string>,
      key: 'SK_A8F2KQ9ZLMN3PR7TV1WX5YB0CD4E',
      status: 'active',
      limit: 5,
    },
  ])('$format export imports from its documented columns', async ({ file, format, mapping, key, status, limit }) => {
    const { summary } = await run(file, { format, mapping, apply: true });
    expect(summary.errors).toBe(0);
    expect(summary.created).toBeGreaterThan(0);
    const row = await t.db.selectFrom('licenses').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status, max_activations: limit, plugin_slug: LICENSING_PLUGIN_SLUG });
    expect((await run(file, { format, mapping, apply: true })).summary.created).toBe(0);
  });
});

describe('CSV reader', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes, split across chunks, with their start lines (blank lines skipped)', async () => {
    const text = '\ufeffa,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\n\nlast,1';
    for (const size of [1, 2, 3, 7, 100]) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      const records = [];
      for await (const record of readCsvRecords(Readable.from(chunks))) records.push(record);
      expect(records).toEqual([
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['x, y', 'say "hi"'] },
        { line: 3, fields: ['two\nlines', 'z'] },
        { line: 6, fields: ['last', '1'] },
      ]);
    }
  });
  it('refuses a quoted field left open', async () => {
    const read = async () => {
      for await (const record of readCsvRecords(Readable.from(['a\n"open']))) if (!record) throw new Error('unreachable');
    };
    await expect(read()).rejects.toThrow('line 2: a quoted field is not closed before the end of the file');
  });
  it('refuses a record longer than the limit instead of holding it in memory', async () => {
    const read = async () => {
      for await (const record of readCsvRecords(Readable.from(['a,b\n', `"${'x'.repeat(MAX_RECORD_CHARS + 10)}",1\n`])))
        if (!record) throw new Error('unreachable');
    };
    await expect(read()).rejects.toThrow(`line 2: a record longer than ${MAX_RECORD_CHARS} characters`);
  });
});
