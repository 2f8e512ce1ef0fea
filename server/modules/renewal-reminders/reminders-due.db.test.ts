// Issue 44 (docs/big-shop.md, "Workers"): a reminder pass reads the expiry range of licences off licenses_expires_at
// (0026), not every licence. On both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDueLicences } from '../../test/license-rows.js';
import { planOf } from '../../test/query-plan.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { findDueLicenses } from './reminders.repository.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertDueLicences(t.db);
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
