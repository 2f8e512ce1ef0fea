// Issue 44 (docs/big-shop.md, "One B-tree a check"): the licence check reads `license_checks` (SQLite: 0092,
// PostgreSQL: 0095), kept by triggers on licences, activations and customers. After every kind of change, one row at
// a time and many in one statement, this compares what the check reads with what the same read off the tables
// themselves gives (`validationLookupOffTables`), for every licence and site, and that the table holds no row more.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { validationLookup, validationLookupOffTables } from './licenses.repository.js';
import * as licenseChecksSqlite from '../../db/migrations/0092-license-checks.js';
import * as licenseChecksPostgres from '../../db/migrations/0095-license-checks-postgres.js';

const licenseChecks = testDialect() === 'postgres' ? licenseChecksPostgres : licenseChecksSqlite;
const AT = '2026-06-01T00:00:00.000Z';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The check's row for (key, site) as the reader reads it, and as the tables themselves hold it. */
async function bothReads(key: string, site: string) {
  const read = async (lookup: typeof validationLookup) => {
    const { rows } = await lookup(key, site).execute(t.db);
    return rows[0] === undefined ? undefined : { ...rows[0], used: Number(rows[0].used) };
  };
  return { check: await read(validationLookup), tables: await read(validationLookupOffTables) };
}

async function expectConsistent(): Promise<void> {
  const licences = await t.db.selectFrom('licenses').select(['id', 'key']).execute();
  const sites = await t.db.selectFrom('license_activations').select('site_url').execute();
  for (const { key } of [...licences, { key: '8022-NONE-0000-0000-0000' }])
    for (const site of ['', 'nowhere.example.com', ...sites.map((row) => row.site_url)]) {
      const { check, tables } = await bothReads(key, site);
      expect(check, `${key} ${site}`).toEqual(tables);
    }
  const { rows } = await sql<{ n: number }>`select count(*) as n from license_checks`.execute(t.db);
  expect(Number(rows[0]?.n)).toBe(licences.length + sites.length);
}

const licenceRow = (key: string, customer_email: string | null) => ({
  key,
  plugin_slug: 'ucre',
  plan: 'personal',
  status: 'active',
  max_activations: 3,
  expires_at: '2027-06-01T00:00:00.000Z',
  customer_email,
  order_id: null,
  created_at: AT,
  updated_at: AT,
});

const buyerRow = (email: string, name: string) => ({
  email,
  name,
  order_count: 0,
  license_count: 1,
  total_paid: 0,
  currencies: '',
  first_purchase_at: null,
  last_purchase_at: null,
  created_at: AT,
  updated_at: AT,
});

const insertLicence = async (key: string, email: string | null) =>
  (await t.db.insertInto('licenses').values(licenceRow(key, email)).returning('id').executeTakeFirstOrThrow()).id;

const insertBuyer = async (email: string, name: string) =>
  (await t.db.insertInto('customers').values(buyerRow(email, name)).returning('id').executeTakeFirstOrThrow()).id;

const siteRow = (license_id: number, site_url: string, is_local: 0 | 1) => ({ license_id, site_url, is_local, created_at: AT, last_checked_at: null });

const activate = (license_id: number, site_url: string, is_local: 0 | 1) =>
  t.db
    .insertInto('license_activations')
    .values(siteRow(license_id, site_url, is_local))
    .returning('id')
    .executeTakeFirstOrThrow();

describe(`what the licence check reads stays what the tables hold (${testDialect()})`, () => {
  let a: number;
  let b: number;

  it('licences and their sites, added', async () => {
    a = await insertLicence('8022-CHKS-0000-0000-000A', 'Ann@Example.com');
    b = await insertLicence('8022-CHKS-0000-0000-000B', null);
    await activate(a, 'one.example.com', 0);
    await activate(a, 'two.example.local', 1);
    await activate(a, 'three.example.com', 0);
    await activate(b, 'bee.example.com', 0);
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000A', 'one.example.com')).check).toMatchObject({ used: 2, customer_name: null });
  });

  it('the buyer: added after the licence, renamed, moved to another address, and gone', async () => {
    const id = await insertBuyer('ann@example.com', 'Ann');
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000A', '')).check).toMatchObject({ customer_name: 'Ann' });
    await t.db.updateTable('customers').set({ name: 'Anna' }).where('id', '=', id).execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000A', '')).check).toMatchObject({ customer_name: 'Anna' });
    // the summary's own upsert leaves the name alone
    await t.db.updateTable('customers').set({ order_count: 2 }).where('id', '=', id).execute();
    await t.db.updateTable('customers').set({ email: 'anna@example.com' }).where('id', '=', id).execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000A', '')).check).toMatchObject({ customer_name: null });
    await t.db.updateTable('licenses').set({ customer_email: 'ANNA@example.com' }).where('id', '=', a).execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000A', '')).check).toMatchObject({ customer_name: 'Anna' });
    await t.db.deleteFrom('customers').where('id', '=', id).execute();
    await expectConsistent();
  });

  it("a licence's fields and its key changed", async () => {
    await t.db
      .updateTable('licenses')
      .set({ status: 'revoked', max_activations: 5, expires_at: null, plan: 'lifetime', plugin_slug: 'other' })
      .where('id', '=', a)
      .execute();
    await expectConsistent();
    await t.db.updateTable('licenses').set({ key: '8022-CHKS-0000-0000-00AA', status: 'active' }).where('id', '=', a).execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-00AA', 'three.example.com')).check).toMatchObject({ status: 'active', used: 2 });
    expect((await bothReads('8022-CHKS-0000-0000-000A', 'three.example.com')).check).toBeUndefined();
  });

  it("a site's daily check and report, made local, moved to another licence and site, and removed", async () => {
    const one = await t.db.selectFrom('license_activations').select('id').where('site_url', '=', 'one.example.com').executeTakeFirstOrThrow();
    await t.db
      .updateTable('license_activations')
      .set({ last_checked_at: AT, installed_version: '1.2.0', wp_version: '6.1', php_version: '8.2' })
      .where('id', '=', one.id)
      .execute();
    await expectConsistent();
    await t.db.updateTable('license_activations').set({ is_local: 1 }).where('id', '=', one.id).execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-00AA', 'one.example.com')).check).toMatchObject({ used: 1, installed_version: '1.2.0' });
    await t.db.updateTable('license_activations').set({ license_id: b, site_url: 'moved.example.com', is_local: 0 }).where('id', '=', one.id).execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000B', 'moved.example.com')).check).toMatchObject({ used: 2, last_checked_at: AT });
    await t.db.deleteFrom('license_activations').where('site_url', '=', 'three.example.com').execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-00AA', '')).check).toMatchObject({ used: 0 });
  });

  it('a licence removed with its sites', async () => {
    await t.db.deleteFrom('licenses').where('id', '=', b).execute();
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000B', '')).check).toBeUndefined();
  });

  it('many rows in one statement: licences, sites, buyers, daily checks, and their removal', async () => {
    const keys = ['8022-CHKS-0000-0000-00M1', '8022-CHKS-0000-0000-00M2', '8022-CHKS-0000-0000-00M3'];
    const ids = (
      await t.db
        .insertInto('licenses')
        .values(keys.map((key, i) => licenceRow(key, `Many${i}@Example.com`)))
        .returning('id')
        .execute()
    ).map((row) => row.id);
    await t.db
      .insertInto('license_activations')
      .values(
        ids.flatMap((license_id, i) => [
          siteRow(license_id, `m${i}.example.com`, 0),
          siteRow(license_id, `n${i}.example.com`, 0),
          siteRow(license_id, `m${i}.example.local`, 1),
        ]),
      )
      .execute();
    await t.db
      .insertInto('customers')
      .values(['many0@example.com', 'many1@example.com'].map((email, i) => buyerRow(email, `Many ${i}`)))
      .execute();
    await expectConsistent();
    expect((await bothReads(keys[1]!, 'm1.example.com')).check).toMatchObject({ used: 2, customer_name: 'Many 1' });
    await t.db.updateTable('license_activations').set({ last_checked_at: AT, wp_version: '6.7' }).where('license_id', 'in', ids).execute();
    await t.db.updateTable('licenses').set({ expires_at: '2028-06-01T00:00:00.000Z' }).where('id', 'in', ids).execute();
    await t.db.updateTable('customers').set({ name: 'Renamed' }).where('email', 'like', 'many%').execute();
    await expectConsistent();
    await t.db.deleteFrom('license_activations').where('site_url', 'like', 'n%.example.com').execute();
    await t.db.deleteFrom('customers').where('email', 'like', 'many%').execute();
    await expectConsistent();
    expect((await bothReads(keys[2]!, '')).check).toMatchObject({ used: 1, customer_name: null, expires_at: '2028-06-01T00:00:00.000Z' });
    await t.db.deleteFrom('licenses').where('id', 'in', ids.slice(0, 2)).execute();
    await expectConsistent();
  });

  // PostgreSQL: several instances write at once. The second transaction's count waits for the first's, and then sees
  // it (0095's recount locks the licence's row first; today the dashboard's roll-up trigger, which runs before it,
  // happens to make the second wait as well).
  it.runIf(testDialect() === 'postgres')('two transactions adding sites to one licence at once: each site counted', async () => {
    const id = await insertLicence('8022-CHKS-0000-0000-00CC', null);
    const site = (site_url: string) => siteRow(id, site_url, 0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted = () => {};
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    const first = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('license_activations').values(site('c1.example.com')).execute();
      inserted();
      await held;
    });
    await firstInserted;
    const second = t.db.transaction().execute((trx) => trx.insertInto('license_activations').values(site('c2.example.com')).execute());
    // until the second waits for the first (at most 5 s)
    for (let i = 0; i < 100; i++) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
        where cardinality(pg_blocking_pids(pid)) > 0 and query like '%insert into "license_activations"%'`.execute(t.db);
      if (Number(rows[0]?.n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    release();
    await Promise.all([first, second]);
    expect((await bothReads('8022-CHKS-0000-0000-00CC', '')).check).toMatchObject({ used: 2 });
    await expectConsistent();
  });

  it("made from a shop's tables by the migration, as a shop older than 0092 (SQLite) or 0095 (PostgreSQL) gets it", async () => {
    const c = await insertLicence('8022-CHKS-0000-0000-000C', 'Cy@Example.com');
    await activate(c, 'cee.example.com', 0);
    await activate(c, 'cee.example.local', 1);
    await insertBuyer('cy@example.com', 'Cy');
    const db = t.db as unknown as Kysely<unknown>;
    await licenseChecks.down(db);
    await licenseChecks.up(db);
    await expectConsistent();
    expect((await bothReads('8022-CHKS-0000-0000-000C', 'cee.example.com')).check).toMatchObject({ used: 1, customer_name: 'Cy' });
  });
});
