// Issue 44 (docs/big-shop.md, "The licence check at the size" and "One B-tree a check"): validation's lookup reads two
// neighbouring rows of `license_checks` (SQLite: 0092, PostgreSQL: 0095) by its primary key: the licence's, which
// holds the count of counted activations and the buyer's name, and the site's. No other table is read. The count
// stays what it was, on both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/query-plan.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { validationLookup } from './licenses.repository.js';

const KEY = '8022-PLAN-0000-0000-0001';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const at = '2026-06-01T00:00:00.000Z';
  const { id } = await t.db
    .insertInto('licenses')
    .values({
      key: KEY,
      plugin_slug: 'ucre',
      plan: 'lifetime',
      status: 'active',
      max_activations: 5,
      expires_at: null,
      customer_email: 'plan@example.com',
      order_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sites = [
    ['shop.example.com', 0],
    ['blog.example.com', 0],
    ['staging.example.local', 1],
  ] as const;
  for (const [site_url, is_local] of sites) {
    await t.db.insertInto('license_activations').values({ license_id: id, site_url, is_local, created_at: at, last_checked_at: null }).execute();
  }
  if (testDialect() === 'postgres') await sql`analyze`.execute(t.db);
});
afterAll(async () => t.close());

describe(`validation's lookup (${testDialect()})`, () => {
  if (testDialect() === 'postgres')
    it("reads the licence, the site's activation, the count and the buyer's name off license_checks' primary key alone", async () => {
      const plan = await planOf(t.db, (db) => validationLookup(KEY, 'shop.example.com').execute(db));
      expect(plan.match(/Index Scan using license_checks_pkey on license_checks/g)).toHaveLength(2);
      expect(plan).not.toMatch(/licenses|license_activations|customers|Seq Scan/);
    });
  else
    it("reads the licence, the site's activation, the count and the buyer's name off license_checks' primary key alone", async () => {
      const lookup = validationLookup(KEY, 'shop.example.com').compile(t.db);
      const plan = async (text: string) => (await sql<{ detail: string }>`explain query plan ${sql.raw(text)}`.execute(t.db)).rows.map((row) => row.detail);
      const bound = (text: string) => text.replace('cast(? as text)', "'shop.example.com'").replace('cast(? as text)', `'${KEY}'`);
      expect(await plan(bound(lookup.sql))).toEqual([
        'SEARCH l USING PRIMARY KEY (key=? AND site=?)',
        'SEARCH m USING PRIMARY KEY (key=? AND site=?) LEFT-JOIN',
      ]);
    });

  // SQLite with sqlite_stat4 re-plans a statement whose parameter is compared directly with an indexed column at
  // every new value (docs/big-shop.md, "Re-prepared at every call"; `npx tsx bench/lookup-cost.ts` measures the two
  // forms). No test can see a re-prepare through better-sqlite3, so this one holds the text to the form measured.
  it('compares its parameters through a cast, so SQLite does not re-plan it per key', () => {
    const text = validationLookup(KEY, 'shop.example.com').compile(t.db).sql;
    const parameter = testDialect() === 'postgres' ? /\$\d/g : /\?/g;
    expect(text.match(parameter)).toHaveLength(2);
    expect(text).toMatch(/m\.site = cast\((\?|\$1) as text\)/);
    expect(text).toMatch(/l\.key = cast\((\?|\$2) as text\)/);
  });

  it('reads the purchase with the licence, for the EDD check', async () => {
    const { rows } = await validationLookup(KEY, 'shop.example.com').execute(t.db);
    expect(rows[0]).toMatchObject({ customer_email: 'plan@example.com', order_id: null, price_id: null });
  });

  it('counts the sites that are not local, and finds the site asked about', async () => {
    const { rows } = await validationLookup(KEY, 'staging.example.local').execute(t.db);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.used)).toBe(2);
    expect(rows[0]?.activation_id).not.toBeNull();
  });
});
