// The licence list's sorts and substring search at a small size (issue 44; the big-shop figures are in
// bench/README.md): each sort orders as documented and is answered from its index, and the substring indexes
// (0064-substring-search) are used and stay current when licences and activations change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, sql, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { startAdminApp } from '../../test/admin-app.js';
import { LICENSE_SORTS, type LicenseListPage } from '../../../common/licenses.js';
import { LICENSE_SORT_INDEXES } from '../../db/migrations/0064-substring-search.js';
import * as coveringSorts from '../../db/migrations/0089-covering-sorts.js';

const PLUGIN = 'postcode-delivery-zones';
const postgres = testDialect() === 'postgres';

describe(`licence list sorts and substring indexes (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  // Licence i (0..5): key 8022-SORT-0000-0000-000i, created i hours after the base; every other one without
  // expiry (lifetime), licence 4 without an e-mail.
  const rows = [0, 1, 2, 3, 4, 5].map((i) => ({
    key: `8022-SORT-0000-0000-000${i}`,
    plugin_slug: PLUGIN,
    plan: i % 2 ? 'lifetime' : 'pro_yearly',
    status: 'active',
    max_activations: 3,
    expires_at: i % 2 ? null : `2027-0${6 - i}-01T00:00:00.000Z`,
    customer_email: i === 4 ? null : `sorter${(5 * i) % 6}@shop-${i}.example`,
    order_id: null,
    created_at: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
  }));
  const ids: number[] = [];

  const list = async (query: string): Promise<LicenseListPage> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/licenses?page=1${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const keysOf = async (query: string) => (await list(query)).licenses.map((license) => license.key);
  const updateLicense = (id: number, set: Updateable<DB['licenses']>) => t.db.updateTable('licenses').set(set).where('id', '=', id).execute();

  beforeAll(async () => {
    ({ t, headers } = await startAdminApp());
    for (const row of rows) ids.push((await t.db.insertInto('licenses').values(row).returning('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sorts by each column either way; no expiry sorts as the farthest, no e-mail as the empty text; ties by id', async () => {
    const expected = (compare: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) =>
      [...rows].sort((a, b) => compare(a, b) || a.created_at.localeCompare(b.created_at)).map((row) => row.key);
    const value = {
      created_at: (row: (typeof rows)[number]) => row.created_at,
      expires_at: (row: (typeof rows)[number]) => row.expires_at ?? '9999',
      customer_email: (row: (typeof rows)[number]) => row.customer_email ?? '',
      key: (row: (typeof rows)[number]) => row.key,
    };
    for (const sort of LICENSE_SORTS) {
      const ascending = expected((a, b) => value[sort](a).localeCompare(value[sort](b)));
      expect(await keysOf(`&sort=${sort}&direction=asc`), sort).toEqual(ascending);
      expect(await keysOf(`&sort=${sort}&direction=desc`), sort).toEqual([...ascending].reverse());
    }
    expect(await keysOf('')).toEqual(expected((a, b) => b.created_at.localeCompare(a.created_at)));
    expect((await list('&sort=expires_at&direction=asc&search=sorter')).licenses.at(-1)?.expires_at).toBeNull();
  });

  it('refuses an unknown sort or direction with a 400 that names the choices', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/licenses?page=1&sort=price', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('sort must be one of created_at, expires_at, customer_email, key');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/licenses?sort=key&direction=up', headers })).statusCode).toBe(400);
  });

  it('keeps the substring search current as e-mails, keys and sites change; shorter than three characters still finds', async () => {
    expect(await keysOf('&search=SHOP-2.EXAM')).toEqual([rows[2]?.key]);
    await updateLicense(ids[2] as number, { customer_email: 'renamed@elsewhere.example' });
    expect(await keysOf('&search=shop-2.exam')).toEqual([]);
    expect(await keysOf('&search=where.EXA')).toEqual([rows[2]?.key]);
    await updateLicense(ids[2] as number, { key: '8022-MOVE-0000-0000-0002' });
    expect(await keysOf('&search=ove00')).toEqual(['8022-MOVE-0000-0000-0002']);
    expect(await keysOf('&search=SORT-0000-0000-0002')).toEqual([]);

    const at = new Date().toISOString();
    const site = await t.db
      .insertInto('license_activations')
      .values({ license_id: ids[3] as number, site_url: 'bakery.trigram-test.example', is_local: 0, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await keysOf('&search=Trigram-Test')).toEqual([rows[3]?.key]);
    await t.db.updateTable('license_activations').set({ site_url: 'florist.example' }).where('id', '=', site.id).execute();
    expect(await keysOf('&search=trigram-test')).toEqual([]);
    expect(await keysOf('&search=florist')).toEqual([rows[3]?.key]);
    await t.db.deleteFrom('license_activations').where('id', '=', site.id).execute();
    expect(await keysOf('&search=florist')).toEqual([]);

    await t.db
      .deleteFrom('licenses')
      .where('id', '=', ids[5] as number)
      .execute();
    expect(await keysOf('&search=shop-5')).toEqual([]);
    // Two characters: no trigram, a plain scan; it still finds (licence 1 is sorter5@…, licence 3 sorter3@…).
    expect(await keysOf('&search=R5')).toEqual([rows[1]?.key]);
    expect(await keysOf('&search=r3')).toEqual([rows[3]?.key]);
  });

  const plan = async (query: string, setup = '') => {
    if (!postgres) return (await sql.raw(`explain query plan ${query}`).execute(t.db)).rows.map((row) => JSON.stringify(row)).join('\n');
    let text = '';
    // A handful of rows: the planner would rightly prefer reading them all (or another index wholly); forbid that,
    // in a transaction rolled back, to see the index is usable.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_sort = off`.execute(trx);
        if (setup) await sql.raw(setup).execute(trx);
        text = (await sql.raw(`explain ${query}`).execute(trx)).rows.map((row) => JSON.stringify(row)).join('\n');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    return text;
  };

  it('answers a substring search from the substring indexes and each sort from its index', async () => {
    if (postgres) {
      // The key's and the e-mail sort's indexes hold what these tests read (0089): on a handful of rows with scans
      // forbidden the planner would filter all of one instead. At 1,000,000 licences it takes the trigram indexes.
      expect(await plan(`select id from licenses where lower(customer_email) like '%rter3@%'`, 'drop index licenses_email_sort')).toContain(
        'licenses_customer_email_trgm',
      );
      expect(await plan(`select id from licenses where replace(key, '-', '') like '%ORT00%'`, 'drop index licenses_key_key')).toContain('licenses_key_trgm');
      expect(
        await plan(
          `select license_id from license_activations where lower(site_url) like '%bakery%'`,
          'alter table license_activations drop constraint license_activations_license_site',
        ),
      ).toContain('license_activations_site_trgm');
    } else {
      expect(await plan(`select rowid from license_search where license_search match 'email : "rter3@"'`)).toContain('VIRTUAL TABLE INDEX');
      const found = await sql<{ rowid: number }>`select rowid from license_search where license_search match 'email : "RTER3@"'`.execute(t.db);
      expect(found.rows.map((row) => row.rowid)).toEqual([ids[3]]);
    }
    const orderBy = {
      licenses_created_id: 'created_at desc, id desc',
      licenses_expiry_sort: `coalesce(expires_at, '9999-12-31T23:59:59.999Z'), id`,
      licenses_email_sort: `coalesce(customer_email, '') desc, id desc`,
    };
    for (const [index, order] of Object.entries(orderBy)) {
      expect(Object.keys(LICENSE_SORT_INDEXES)).toContain(index);
      const text = await plan(`select id from licenses order by ${order} limit 24`);
      expect(text, index).toContain(index);
      expect(text, index).not.toMatch(/TEMP B-TREE|Sort Key/);
    }
  });

  it("keeps each plugin's licence count as licences are added, moved and deleted: the list's total without a search", async () => {
    const real = async (plugin?: string) => {
      let query = t.db.selectFrom('licenses').select((eb) => eb.fn.countAll<number | string>().as('n'));
      if (plugin) query = query.where('plugin_slug', '=', plugin);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const check = async () => {
      expect((await list('')).total).toBe(await real());
      expect((await list(`&plugin_slug=${PLUGIN}`)).total).toBe(await real(PLUGIN));
      expect((await list('&plugin_slug=ucre')).total).toBe(await real('ucre'));
    };
    await check();
    const extra = await t.db
      .insertInto('licenses')
      .values({ ...rows[0]!, key: '8022-SORT-0000-0000-0099' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await check();
    await updateLicense(extra.id, { plugin_slug: 'ucre' });
    expect((await list('&plugin_slug=ucre')).total).toBe(1);
    await check();
    await t.db.deleteFrom('licenses').where('id', '=', extra.id).execute();
    expect((await list('&plugin_slug=ucre')).total).toBe(0);
    await check();
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers });
    expect(stats.json().totalLicenses).toBe(await real());
  });

  // A page by number skips `offset` entries of its sort's index: read from the index alone, not the table for each.
  it.runIf(postgres)('reads the sorts by key, expiry and e-mail from their index alone (0089, PostgreSQL)', async () => {
    const sorts = {
      licenses_key_key: 'key',
      licenses_expiry_sort: `coalesce(expires_at, '9999-12-31T23:59:59.999Z'), id`,
      licenses_email_sort: `coalesce(customer_email, '') desc, id desc`,
    };
    const onlyIndex = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(sorts).map(async ([index, order]) => [
            index,
            (await plan(`select id from licenses order by ${order} offset 2 limit 2`)).match(new RegExp(`Index Only Scan (Backward )?using ${index} `)) !==
              null,
          ]),
        ),
      );
    const all = (value: boolean) => Object.fromEntries(Object.keys(sorts).map((index) => [index, value]));
    expect(await onlyIndex()).toEqual(all(true));
    const db = t.db as unknown as Kysely<unknown>;
    await coveringSorts.down(db);
    expect(await onlyIndex()).toEqual(all(false));
    await coveringSorts.up(db);
    expect(await onlyIndex()).toEqual(all(true));
    // The key stays unique, and an upsert on it still finds its index.
    await expect(t.db.insertInto('licenses').values(rows[0]!).execute()).rejects.toMatchObject({ code: '23505' });
    const upsert = await t.db
      .insertInto('licenses')
      .values(rows[0]!)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('id')
      .execute();
    expect(upsert).toEqual([]);
  });
});
