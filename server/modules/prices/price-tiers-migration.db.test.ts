import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import * as priceTiers from '../../db/migrations/0020-price-tiers.js';
import * as dashboardRollups from '../../db/migrations/0076-dashboard-rollups.js';
import * as rollupsPerStatement from '../../db/migrations/0088-rollups-per-statement.js';
import * as validationCovering from '../../db/migrations/0091-validation-covering.js';
import * as licenseChecks from '../../db/migrations/0092-license-checks.js';
import * as movesLinear from '../../db/migrations/0093-rollups-moves-linear.js';
import * as licenseChecksPostgres from '../../db/migrations/0095-license-checks-postgres.js';

// Migration 0020 on a shop with plugins already (a fresh test database is seeded only after its migrations):
// run its down, give the plugins prices of every kind, and its up again. The dashboard's roll-up triggers (0076) read
// the orders' tier columns, and SQLite's validation index (0091) and the licence check's table and triggers (0092 on
// SQLite, 0095 on PostgreSQL) hold the licences' `price_id`: they go first and come back last, as a real migration
// from before 0020 would meet them.
describe(`migration 0020-price-tiers on existing plugins (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives each priced plugin one lifetime 3-site tier mirroring its price and valid discount, and none to an unpriced one', async () => {
    await licenseChecksPostgres.down(t.db as unknown as Kysely<unknown>);
    await movesLinear.down(t.db as unknown as Kysely<unknown>);
    await licenseChecks.down(t.db as unknown as Kysely<unknown>);
    await validationCovering.down(t.db as unknown as Kysely<unknown>);
    await rollupsPerStatement.down(t.db as unknown as Kysely<unknown>);
    await dashboardRollups.down(t.db as unknown as Kysely<unknown>);
    await priceTiers.down(t.db);
    await t.db.updateTable('plugins').set({ price: 4900, discount_price: 3900, currency: 'GBP' }).where('slug', '=', 'postcode-delivery-zones').execute();
    await t.db.updateTable('plugins').set({ price: null, discount_price: null }).where('slug', '=', 'ucre').execute();
    const at = new Date().toISOString();
    const oldOrder = { email: 'old@example.com', plugin_slug: 'ucre', amount: 100, currency: 'GBP', status: 'paid', provider: 'test', provider_ref: 'old-1' };
    await t.db
      .insertInto('orders')
      .values({ ...oldOrder, created_at: at, updated_at: at } as never)
      .execute();
    await priceTiers.up(t.db);
    await dashboardRollups.up(t.db as unknown as Kysely<unknown>);
    await rollupsPerStatement.up(t.db as unknown as Kysely<unknown>);
    await validationCovering.up(t.db as unknown as Kysely<unknown>);
    await licenseChecks.up(t.db as unknown as Kysely<unknown>);
    await movesLinear.up(t.db as unknown as Kysely<unknown>);
    await licenseChecksPostgres.up(t.db as unknown as Kysely<unknown>);
    const tiers = await t.db.selectFrom('plugin_prices').selectAll().orderBy('id').execute();
    expect(
      tiers.map(({ plugin_slug, name, sites, term, amount, sale_amount, currency, active }) => ({
        plugin_slug,
        name,
        sites,
        term,
        amount,
        sale_amount,
        currency,
        active,
      })),
    ).toEqual([
      { plugin_slug: 'postcode-delivery-zones', name: 'Standard', sites: 3, term: 'lifetime', amount: 4900, sale_amount: 3900, currency: 'GBP', active: 1 },
    ]);
    // Orders from before the migration read as new sales without a tier or coupon.
    expect(await t.db.selectFrom('orders').select(['kind', 'discount_amount', 'price_id', 'coupon_id']).where('provider_ref', '=', 'old-1').execute()).toEqual([
      { kind: 'new', discount_amount: 0, price_id: null, coupon_id: null },
    ]);
  });
});
