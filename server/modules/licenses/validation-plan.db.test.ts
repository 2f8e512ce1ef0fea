// Issue 44 (docs/big-shop.md, "The licence check at the size" and "Fewer B-trees a check"): on SQLite validation's
// lookup reads its three indexes alone (0091): the licence by key, and the site's activation and the count of the
// counted ones off one activations index; EDD's check reads the buyer's name off one more. On PostgreSQL it counts a
// licence's activations off license_activations_counted (0083), which holds the ones not on a local site, without
// reading the table. The count stays what it was, on both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/query-plan.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { withBuyerName } from '../customers/index.js';
import { validationLookup } from './licenses.repository.js';

const KEY = '8022-PLAN-0000-0000-0001';
const sqlite = testDialect() !== 'postgres';
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
    it('counts the activations off license_activations_counted', async () => {
      const plan = await planOf(t.db, (db) => validationLookup(KEY, 'shop.example.com', sqlite).execute(db));
      expect(plan).toMatch(/license_activations_counted/);
    });
  else
    it("reads the licence, the site's activation, the count and the buyer's name off covering indexes alone", async () => {
      const lookup = validationLookup(KEY, 'shop.example.com', sqlite).compile(t.db);
      const plan = async (text: string) =>
        (await sql<{ detail: string }>`explain query plan ${sql.raw(text)}`.execute(t.db)).rows.map((row) => row.detail).join('\n');
      const validate = await plan(lookup.sql.replace('cast(? as text)', "'shop.example.com'").replace('cast(? as text)', `'${KEY}'`));
      expect(validate).toContain('USING COVERING INDEX licenses_validation (key=?)');
      expect(validate).toContain('USING COVERING INDEX license_activations_validation (license_id=? AND site_url=?)');
      expect(validate).toContain('USING COVERING INDEX license_activations_validation (license_id=?)');
      expect(validate).not.toMatch(/USING INDEX|SCAN/);
      const edd = await plan(withBuyerName(lookup.sql, true).replace('cast(? as text)', "'shop.example.com'").replace('cast(? as text)', `'${KEY}'`));
      expect(edd).toContain('USING COVERING INDEX customers_email_name (email=?)');
      expect(edd).not.toMatch(/USING INDEX|SCAN/);
    });

  // SQLite with sqlite_stat4 re-plans a statement whose parameter is compared directly with an indexed column at
  // every new value (docs/big-shop.md, "Re-prepared at every call"; `npx tsx bench/lookup-cost.ts` measures the two
  // forms). No test can see a re-prepare through better-sqlite3, so this one holds the text to the form measured.
  it('compares its parameters through a cast, so SQLite does not re-plan it per key', () => {
    const text = validationLookup(KEY, 'shop.example.com', sqlite).compile(t.db).sql;
    const parameter = testDialect() === 'postgres' ? /\$\d/g : /\?/g;
    expect(text.match(parameter)).toHaveLength(2);
    expect(text).toMatch(/m\.site_url = cast\((\?|\$1) as text\)/);
    expect(text).toMatch(/l\.key = cast\((\?|\$2) as text\)/);
  });

  it('reads the purchase with the licence, for the EDD check', async () => {
    const { rows } = await validationLookup(KEY, 'shop.example.com', sqlite).execute(t.db);
    expect(rows[0]).toMatchObject({ customer_email: 'plan@example.com', order_id: null, price_id: null });
  });

  it('counts the sites that are not local, and finds the site asked about', async () => {
    const { rows } = await validationLookup(KEY, 'staging.example.local', sqlite).execute(t.db);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.used)).toBe(2);
    expect(rows[0]?.activation_id).not.toBeNull();
  });
});
