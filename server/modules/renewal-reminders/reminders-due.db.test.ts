// Issue 44 (docs/big-shop.md, "Workers"): a reminder pass reads the expiry range of licences off licenses_expires_at
// (0026), not every licence. On both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/query-plan.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { findDueLicenses } from './reminders.repository.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const licence = async (n: number, expires_at: string) =>
    (
      await t.db
        .insertInto('licenses')
        .values({
          key: `8022-DUE0-0000-0000-${String(n).padStart(4, '0')}`,
          plugin_slug: 'ucre',
          plan: 'pro_yearly',
          status: 'active',
          max_activations: 3,
          expires_at,
          customer_email: `due${n}@example.com`,
          order_id: null,
          created_at: '2025-06-01T00:00:00.000Z',
          updated_at: '2025-06-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  for (let n = 1; n <= 6; n++) await licence(n, `2026-06-0${n}T12:00:00.000Z`);
  if (testDialect() === 'postgres') await sql`analyze`.execute(t.db);
});
afterAll(async () => t.close());

describe(`renewal reminders' due reads (${testDialect()})`, () => {
  it('a reminder pass reads the expiry range of licences (licenses_expires_at)', async () => {
    const plan = await planOf(t.db, (db) =>
      findDueLicenses(db, { step: '7', after: '2026-06-07T00:00:00.000Z', upTo: '2026-06-08T00:00:00.000Z', needsEmail: true, limit: 100 }),
    );
    expect(plan).toMatch(/licenses_expires_at/);
  });
});
