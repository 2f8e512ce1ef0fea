// Issue 44 (0077-worker-due-indexes; docs/big-shop.md, "Workers"): an automatic-renewal pass reads the enabled
// opt-ins whose licence expires by then, off their partial index, not every opt-in; the opt-in's copy of its licence's
// expiry follows the licence. On both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoRenewalRow, insertDueLicences, licenseRow } from '../../test/license-rows.js';
import { planOf } from '../../test/query-plan.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { findAutoRenewCandidates } from './auto-renewals.repository.js';

let t: TestApp;
const NOW = '2026-06-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  for (const [n, id] of (await insertDueLicences(t.db)).entries()) {
    await t.db
      .insertInto('license_auto_renewals')
      .values(autoRenewalRow(NOW, { license_id: id, enabled: (n + 1) % 2 }))
      .execute();
  }
  // Many opt-ins whose time has not come: the due ones are a small part, as in a real shop (PostgreSQL plans by it).
  for (let batch = 0; batch < 4; batch++) {
    const ids = await t.db
      .insertInto('licenses')
      .values(
        Array.from({ length: 500 }, (_, i) =>
          licenseRow({
            key: `8022-LATE-0000-${batch}000-${String(i).padStart(4, '0')}`,
            plugin_slug: 'ucre',
            plan: 'pro_yearly',
            max_activations: 3,
            expires_at: `2027-0${batch + 1}-01T00:00:00.000Z`,
            created_at: NOW,
          }),
        ),
      )
      .returning('id')
      .execute();
    await t.db
      .insertInto('license_auto_renewals')
      .values(ids.map(({ id }) => autoRenewalRow(NOW, { license_id: id })))
      .execute();
  }
  if (testDialect() === 'postgres') await sql`analyze`.execute(t.db);
});
afterAll(async () => t.close());

describe(`automatic renewal's due reads (${testDialect()})`, () => {
  it('an automatic-renewal pass reads the enabled opt-ins by their licence expiry (license_auto_renewals_due), page after page', async () => {
    expect(await planOf(t.db, (db) => findAutoRenewCandidates(db, { upTo: '2026-06-10T00:00:00.000Z', after: null, limit: 100 }))).toMatch(
      /license_auto_renewals_due/,
    );
    const paged = await planOf(t.db, (db) =>
      findAutoRenewCandidates(db, { upTo: '2026-06-10T00:00:00.000Z', after: { expiresAt: '2026-06-03T12:00:00.000Z', id: 3 }, limit: 100 }),
    );
    expect(paged).toMatch(/license_auto_renewals_due/);
    const found = await findAutoRenewCandidates(t.db, { upTo: '2026-06-04T00:00:00.000Z', after: null, limit: 100 });
    expect(found.map((row) => row.expires_at)).toEqual(['2026-06-01T12:00:00.000Z', '2026-06-03T12:00:00.000Z']); // enabled ones only, by expiry
  });
  it("the opt-in's copy of its licence's expiry follows a renewal and a licence set later", async () => {
    const row = await t.db.selectFrom('license_auto_renewals').select(['id', 'license_id']).where('enabled', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('licenses').set({ expires_at: '2027-06-01T12:00:00.000Z' }).where('id', '=', row.license_id).execute();
    const copy = async (id: number) =>
      (await t.db.selectFrom('license_auto_renewals').select('license_expires_at').where('id', '=', id).executeTakeFirstOrThrow()).license_expires_at;
    expect(await copy(row.id)).toBe('2027-06-01T12:00:00.000Z');
    const other = await t.db.selectFrom('licenses').select(['id', 'expires_at']).where('key', '=', '8022-DUE0-0000-0000-0002').executeTakeFirstOrThrow();
    await t.db.deleteFrom('license_auto_renewals').where('license_id', '=', other.id).execute();
    const unpaid = await t.db
      .insertInto('license_auto_renewals')
      .values(autoRenewalRow(NOW, { enabled: 0, payment_method_ref: null }))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await copy(unpaid.id)).toBeNull();
    await t.db.updateTable('license_auto_renewals').set({ license_id: other.id, enabled: 1 }).where('id', '=', unpaid.id).execute(); // its order was paid
    expect(await copy(unpaid.id)).toBe(other.expires_at);
  });
});
