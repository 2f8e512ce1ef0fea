import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import * as taxEvidenceStatus from '../../db/migrations/0074-tax-evidence-status.js';

// Migration 0074 on a shop with taxed orders already: run its down, insert orders with and without evidence, and
// its up again; each order's status column is the one its evidence holds.
describe(`migration 0074-tax-evidence-status on existing orders (${testDialect()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('copies each order\u2019s evidence status to the new column, and leaves orders without evidence null', async () => {
    const migrationDb = t.db as unknown as Parameters<typeof taxEvidenceStatus.up>[0];
    await taxEvidenceStatus.down(migrationDb);
    const at = new Date().toISOString();
    const order = (ref: string, evidence: object | null) => ({
      email: `${ref}@example.com`,
      plugin_slug: 'ucre',
      amount: 11_900,
      currency: 'EUR',
      status: 'paid',
      provider: 'test',
      provider_ref: ref,
      tax_evidence: evidence === null ? null : JSON.stringify(evidence),
      created_at: at,
      updated_at: at,
    });
    await t.db
      .insertInto('orders')
      .values([
        order('ev-conflict', { declared: 'DE', ip_country: 'FR', card_country: null, status: 'conflict' }),
        order('ev-confirmed', { declared: 'DE', ip_country: 'DE', card_country: null, status: 'confirmed' }),
        order('ev-none', null),
      ] as never)
      .execute();
    await taxEvidenceStatus.up(migrationDb);
    const rows = await t.db
      .selectFrom('orders')
      .select(['provider_ref', 'tax_evidence_status'])
      .where('provider_ref', 'in', ['ev-conflict', 'ev-confirmed', 'ev-none'])
      .orderBy('provider_ref')
      .execute();
    expect(rows).toEqual([
      { provider_ref: 'ev-confirmed', tax_evidence_status: 'confirmed' },
      { provider_ref: 'ev-conflict', tax_evidence_status: 'conflict' },
      { provider_ref: 'ev-none', tax_evidence_status: null },
    ]);
  });
});
