import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import { LICENSES_PAGE_SIZE, type License, type LicenseListPage } from '../../../common/licenses.js';
import { wholeKeyCandidates } from './license-list.repository.js';

const PLUGIN = 'postcode-delivery-zones';
const OTHER = 'other-plugin';
const COUNT = 30;
// Licence i: key 8022-LIST-0000-0000-00ii, created i minutes after the base (so the last is the newest), the
// e-mail buyer{i}@Example.com, of OTHER for every fifth, and a site for licence 7 (plus a local one for 8).
const keyOf = (i: number) => `8022-LIST-0000-0000-${String(i).padStart(4, '0')}`;

describe(`admin licence list pages (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const ids: number[] = [];

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/licenses${query}`, headers });
  const page = async (query: string): Promise<LicenseListPage> => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
    const base = Date.UTC(2026, 0, 1);
    for (let i = 1; i <= COUNT; i++) {
      const at = new Date(base + i * 60_000).toISOString();
      const row = await t.db
        .insertInto('licenses')
        .values({
          key: keyOf(i),
          plugin_slug: i % 5 === 0 ? OTHER : PLUGIN,
          plan: 'lifetime',
          status: 'active',
          max_activations: 3,
          expires_at: null,
          customer_email: `buyer${i}@Example.com`,
          order_id: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const at = new Date(base).toISOString();
    await t.db
      .insertInto('license_activations')
      .values([
        { license_id: ids[6] as number, site_url: 'https://shop.acme-widgets.test', is_local: 0, created_at: at },
        { license_id: ids[6] as number, site_url: 'https://second.example.test', is_local: 0, created_at: at },
        { license_id: ids[7] as number, site_url: 'http://localhost:8080', is_local: 1, created_at: at },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers one page, newest first, with the total and the page size', async () => {
    const first = await page('?page=1');
    expect(first).toMatchObject({ total: COUNT, page: 1, page_size: LICENSES_PAGE_SIZE });
    expect(first.licenses).toHaveLength(LICENSES_PAGE_SIZE);
    expect(first.licenses.map((l) => l.key).slice(0, 3)).toEqual([keyOf(30), keyOf(29), keyOf(28)]);
    const second = await page('?page=2');
    expect(second).toMatchObject({ total: COUNT, page: 2 });
    expect(second.licenses.map((l) => l.key)).toEqual([6, 5, 4, 3, 2, 1].map(keyOf));
    // counted activations in the same answer: two sites for licence 7, a local one does not count for 8
    expect(second.licenses.find((l) => l.key === keyOf(7))).toBeUndefined();
    expect(first.licenses.find((l) => l.key === keyOf(7))).toMatchObject({ activations_used: 2 });
    expect((await page('?page=1&search=localhost')).licenses).toMatchObject([{ key: keyOf(8), activations_used: 0 }]);
    const past = await page('?page=3');
    expect(past).toMatchObject({ licenses: [], total: COUNT, page: 3 });
  });

  it('filters by plugin', async () => {
    const other = await page(`?page=1&plugin_slug=${OTHER}`);
    expect(other.total).toBe(6);
    expect(other.licenses.map((l) => l.key)).toEqual([30, 25, 20, 15, 10, 5].map(keyOf));
    const mine = await page(`?page=2&plugin_slug=${PLUGIN}`);
    expect(mine.total).toBe(24);
    expect(mine.licenses).toEqual([]);
    expect((await page(`?page=1&plugin_slug=${OTHER}&search=${keyOf(7)}`)).total).toBe(0);
  });

  it.each([
    ['the whole key, dashed', keyOf(12)],
    ['the whole key without dashes', keyOf(12).replace(/-/g, '')],
    ['the whole key in lower case', keyOf(12).toLowerCase()],
    ['the undashed key in lower case', keyOf(12).replace(/-/g, '').toLowerCase()],
  ])('finds a licence by %s', async (_name, search) => {
    const found = await page(`?page=1&search=${encodeURIComponent(search)}`);
    expect(found).toMatchObject({ total: 1, licenses: [{ key: keyOf(12) }] });
  });

  it('finds licences by part of a key, with or without dashes, whatever the case', async () => {
    expect((await page('?page=1&search=0-0012')).licenses.map((l) => l.key)).toEqual([keyOf(12)]);
    expect((await page('?page=1&search=list00000000001')).licenses.map((l) => l.key)).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10].map(keyOf));
    expect((await page('?page=1&search=list-0000')).total).toBe(COUNT);
  });

  it('finds licences by part of the customer e-mail, whatever the case', async () => {
    expect((await page('?page=1&search=BUYER21%40example')).licenses.map((l) => l.key)).toEqual([keyOf(21)]);
    expect((await page('?page=1&search=example.COM')).total).toBe(COUNT);
  });

  it('finds licences by part of an activated site URL', async () => {
    expect((await page('?page=1&search=ACME-Widgets')).licenses.map((l) => l.key)).toEqual([keyOf(7)]);
    expect((await page('?page=1&search=second.example')).licenses.map((l) => l.key)).toEqual([keyOf(7)]);
    expect(await page('?page=1&search=nothing-matches-this')).toMatchObject({ licenses: [], total: 0 });
    expect(await page('?page=2&search=nothing-matches-this')).toMatchObject({ licenses: [], total: 0 });
  });

  it('answers the plain array without page, as before (every licence, newest first)', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const all = response.json() as License[];
    expect(Array.isArray(all)).toBe(true);
    expect(all.map((l) => l.key)).toEqual(Array.from({ length: COUNT }, (_, i) => keyOf(COUNT - i)));
    expect(all.find((l) => l.key === keyOf(7))?.activations_used).toBe(2);
    expect(Object.keys(all[0] as object).sort()).toEqual(Object.keys((await page('?page=1')).licenses[0] as object).sort());
    expect(((await get(`?plugin_slug=${OTHER}`)).json() as License[]).map((l) => l.key)).toEqual([30, 25, 20, 15, 10, 5].map(keyOf));
    expect(((await get('?search=acme')).json() as License[]).map((l) => l.key)).toEqual([keyOf(7)]);
  });

  it.each([
    ['?page=0', 'page must be a whole number of 1 or more'],
    ['?page=-2', 'page must be a whole number of 1 or more'],
    ['?page=1.5', 'page must be a whole number of 1 or more'],
    ['?page=two', 'page must be a whole number of 1 or more'],
    [`?page=1&search=${'a'.repeat(201)}`, 'search must be at most 200 characters'],
  ])('answers %s with a 400 naming the field', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('tries a whole key in its stored spellings only when it looks like one', () => {
    expect(wholeKeyCandidates('8022abcdefghijklmnop')).toEqual(['8022ABCDEFGHIJKLMNOP', '8022-ABCD-EFGH-IJKL-MNOP']);
    expect(wholeKeyCandidates(' 8022-abcd-efgh-ijkl-mnop ')).toEqual(['8022-ABCD-EFGH-IJKL-MNOP', '8022ABCDEFGHIJKLMNOP']);
    expect(wholeKeyCandidates('abcd-efgh')).toEqual([]);
    expect(wholeKeyCandidates('buyer1@example.com')).toEqual([]);
  });
});
