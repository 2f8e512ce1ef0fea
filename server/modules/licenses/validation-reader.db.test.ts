// The validation reader answers each validation with its own row when many arrive at once: on PostgreSQL
// concurrent lookups share one batched statement, and a mix-up there would hand one site another's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startUnthrottledApp } from '../../test/admin-app.js';
import { createLicense } from './license-access.service.js';
import { sql } from 'kysely';
import pg from 'pg';
import { postgresPoolOf } from '../../db/database.js';
import { batchLookupText, openValidationReader, readerConnectionName, withSessionSetting } from './validation-reader.js';
import { validationLookup } from './licenses.repository.js';

const PLUGIN = 'postcode-delivery-zones';
let t: TestApp;
beforeAll(async () => {
  t = await startUnthrottledApp();
});
afterAll(async () => {
  await t.close();
});

const validate = (payload: Record<string, unknown>, i: number) =>
  t.app.inject({ method: 'POST', url: '/api/v1/licenses/validate', payload, headers: { 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` } });

describe('validation lookups of concurrent requests', () => {
  it('answer every request with its own licence, site and code, as the same requests one at a time do', async () => {
    // 12 licences with 0 to 2 activations, one of them revoked: each request below has its own right answer.
    const licenses = [];
    for (let i = 0; i < 12; i++) {
      const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 3 + i });
      for (let s = 0; s < i % 3; s++) {
        const activated = await validate({ license_key: license.key, site_url: `https://site${s}-${i}.example.com`, plugin_slug: PLUGIN }, 0);
        expect(activated.json()).toMatchObject({ code: 'SITE_INACTIVE' });
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/licenses/activate',
          payload: { license_key: license.key, site_url: `https://site${s}-${i}.example.com`, plugin_slug: PLUGIN },
        });
      }
      licenses.push(license);
    }
    await t.db
      .updateTable('licenses')
      .set({ status: 'revoked' })
      .where('key', '=', licenses[5]?.key ?? '')
      .execute();

    const payloads: Array<Record<string, unknown>> = [];
    for (let round = 0; round < 5; round++) {
      licenses.forEach((license, i) => {
        payloads.push({ license_key: license.key, site_url: `https://site${round % 3}-${i}.example.com`, plugin_slug: PLUGIN });
        payloads.push({ license_key: license.key.toLowerCase() });
      });
      payloads.push({ license_key: `8022-NONE-NONE-NONE-${String(round).padStart(4, '0')}` });
      payloads.push({ license_key: licenses[round]?.key ?? '', site_url: 'https://site0-0.example.com', plugin_slug: 'another-plugin' });
    }

    const oneAtATime = [];
    for (const [i, payload] of payloads.entries()) oneAtATime.push((await validate(payload, i)).json());
    const atOnce = (await Promise.all(payloads.map((payload, i) => validate(payload, i)))).map((response) => response.json());
    expect(atOnce).toEqual(oneAtATime);
    // The answers differ from each other, so a mix-up would show: every code and several seat counts.
    const codes = new Set(oneAtATime.map((answer) => (answer as { code: string }).code));
    expect([...codes].sort()).toEqual(['NOT_FOUND', 'PLUGIN_MISMATCH', 'REVOKED', 'SITE_INACTIVE', 'VALID']);
  });

  it.runIf(testDialect() === 'postgres')('on PostgreSQL sends concurrent lookups together, one statement at a time', async () => {
    const reader = openValidationReader(t.ctx);
    if (!reader) throw new Error('no reader');
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 1 });
    const lookup = (i: number) => reader.read(i % 2 === 0 ? license.key : `8022-NONE-NONE-NONE-${i}`, undefined);
    const sent = () => reader.statementsSent?.() ?? 0;

    // Asked in one turn of the loop: one statement, sent at the turn's end.
    let before = sent();
    const found = await Promise.all(Array.from({ length: 40 }, (_, i) => lookup(i)));
    expect(found.filter(Boolean)).toHaveLength(20);
    expect(found[0]?.license.key).toBe(license.key);
    expect(found[1]).toBeUndefined();
    expect(sent() - before).toBe(1);

    // One sent alone at its turn's end; the 39 asked in a later turn, while it is under way, go together.
    before = sent();
    const first = lookup(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent() - before).toBe(1);
    const rest = Array.from({ length: 39 }, (_, i) => lookup(i + 1));
    const later = await Promise.all([first, ...rest]);
    expect(later.map((one) => one?.license.key)).toEqual(found.map((one) => one?.license.key));
    expect(sent() - before).toBe(2);
    await reader.close();
  });
});

describe('lookups asked together, with any text', () => {
  it('find a site whose address holds the characters of an array literal, and refuse only a lookup that is not text', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 3 });
    const { id } = await t.db.selectFrom('licenses').select('id').where('key', '=', license.key).executeTakeFirstOrThrow();
    // PostgreSQL's reader sends each batch's sites and keys as text[] literals: quotes, backslashes, commas, braces
    // and spaces in a site must come back as themselves.
    const odd = 'https://odd.example.com/a "b" \\c,{d} NULL';
    await t.db
      .insertInto('license_activations')
      .values({ license_id: id, site_url: odd, is_local: 0, created_at: '2026-01-01T00:00:00.000Z', last_checked_at: null })
      .execute();
    const reader = openValidationReader(t.ctx);
    if (!reader) throw new Error('no reader');
    const results = await Promise.allSettled([
      reader.read(license.key, odd),
      reader.read(license.key, 'https://odd.example.com/a "b" \\c,{d}'),
      reader.read({} as unknown as string, odd),
      reader.read(`${license.key}"`, odd),
      reader.read(license.key, 'NULL'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const values = results.map((result) => (result.status === 'fulfilled' ? result.value : 'refused'));
    expect(values[0]).toMatchObject({ license: { key: license.key }, used: 1, activation: { installed_version: null } });
    expect(values[1]).toMatchObject({ license: { key: license.key }, activation: null });
    expect(values[3]).toBeUndefined();
    expect(values[4]).toMatchObject({ license: { key: license.key }, activation: null });
    await reader.close();
  });
});

describe.runIf(testDialect() === 'sqlite')('SQLite lookups asked together', () => {
  it('run in one read transaction that ends with the batch: a write committed after it is seen by the next, and a checkpoint is not held up', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 1 });
    const reader = openValidationReader(t.ctx);
    if (!reader) throw new Error('no reader');
    const batch = () => Promise.all(Array.from({ length: 20 }, (_, i) => reader.read(i % 2 === 0 ? license.key : `8022-NONE-NONE-NONE-${i}`, undefined)));
    const first = await batch();
    expect(first.map((found) => found?.license.status ?? null)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'active' : null)));
    // No snapshot is left open: a full checkpoint can copy every frame back and truncate the WAL.
    const checkpoint = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(t.db);
    expect(checkpoint.rows[0]?.busy).toBe(0);
    await t.db.updateTable('licenses').set({ status: 'revoked' }).where('key', '=', license.key).execute();
    const second = await batch();
    expect(second.filter((_, i) => i % 2 === 0).map((found) => found?.license.status)).toEqual(Array(10).fill('revoked'));
    await reader.close();
  });

  it('answer one lookup that fails with its error and the others of its batch with their rows', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 1 });
    const reader = openValidationReader(t.ctx);
    if (!reader) throw new Error('no reader');
    // better-sqlite3 refuses a parameter that is not a string, number, bigint, buffer or null.
    const results = await Promise.allSettled([
      reader.read(license.key, undefined),
      reader.read({} as unknown as string, undefined),
      reader.read(license.key, undefined),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[2]).toMatchObject({ value: { license: { key: license.key } } });
    await reader.close();
  });
});

describe.runIf(testDialect() === 'postgres')('reader connections that break', () => {
  it('are replaced: the process lives on and the next validation is answered', async () => {
    const license = await createLicense(t.ctx, { pluginSlug: PLUGIN, plan: 'lifetime', maxActivations: 1 });
    expect((await validate({ license_key: license.key }, 1)).json()).toMatchObject({ code: 'VALID' });
    // Ends this process's idle reader connections, as a database restart would (other test files' stay).
    const ended = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${readerConnectionName()}`.execute(t.db);
    expect(ended.rows.length).toBeGreaterThan(0);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${readerConnectionName()}`.execute(t.db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await validate({ license_key: license.key }, 2)).json()).toMatchObject({ code: 'VALID' });
  });
});

describe.runIf(testDialect() === 'postgres')('batchLookupText', () => {
  it('runs the one-lookup text per (site, key) pair of two arrays', () => {
    const text = batchLookupText(validationLookup('', '').compile(t.db).sql);
    expect(text).toContain('unnest($1::text[], $2::text[]) with ordinality as q(site, key, n)');
    expect(text).toContain('m.site = cast(q.site as text)');
    expect(text).toContain('l.key = cast(q.key as text)');
    expect(text).not.toMatch(/\$[3-9]/);
  });

  it('refuses a lookup whose parameters it does not know', () => {
    expect(() => batchLookupText('select 1 where a = $1 and b = $2 and c = $3')).toThrow(/parameters changed/);
    expect(() => batchLookupText('select 1 where a = ?')).toThrow(/parameters changed/);
  });
});

describe('withSessionSetting', () => {
  const setting = '-c plan_cache_mode=force_generic_plan';
  it('adds the setting to the options field, or to the connection string when it carries options (which pg prefers)', () => {
    expect(withSessionSetting({ connectionString: 'postgres://u@h/db' }, setting, 2)).toEqual({
      connectionString: 'postgres://u@h/db',
      options: setting,
      max: 2,
    });
    expect(withSessionSetting({ connectionString: 'postgres://u@h/db', options: '-c search_path=s' }, setting, 2).options).toBe(`-c search_path=s ${setting}`);
    const fromUrl = withSessionSetting({ connectionString: 'postgres://u@h/db?options=-c%20search_path%3Ds' }, setting, 2);
    expect(new URL(fromUrl.connectionString ?? '').searchParams.get('options')).toBe(`-c search_path=s ${setting}`);
  });

  it.runIf(testDialect() === 'postgres')("reaches a connection made with the app pool's settings, and leaves the app pool as it is", async () => {
    const appPool = postgresPoolOf(t.db);
    if (!appPool) throw new Error('no pool');
    const readers = new pg.Pool(withSessionSetting(appPool.options, setting, 1));
    const { rows } = await readers.query<{ plan_cache_mode: string; search_path: string }>(
      'select current_setting($1) as plan_cache_mode, current_setting($2) as search_path',
      ['plan_cache_mode', 'search_path'],
    );
    await readers.end();
    expect(rows[0]?.plan_cache_mode).toBe('force_generic_plan');
    expect(rows[0]?.search_path).toBe((await sql<{ p: string }>`select current_setting('search_path') as p`.execute(t.db)).rows[0]?.p);
    const appSetting = await sql<{ p: string }>`select current_setting('plan_cache_mode') as p`.execute(t.db);
    expect(appSetting.rows[0]?.p).toBe('auto');
  });
});
