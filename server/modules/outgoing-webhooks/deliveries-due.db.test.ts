// Issue 44 (0077-worker-due-indexes; docs/big-shop.md, "Workers"): a webhook pass reads the due deliveries off
// their partial indexes, never the delivered and failed history. On both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../test/query-plan.js';
import { insertWebhookEndpointRow } from '../../test/shop-fixtures.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { claimDueDeliveries } from './deliveries.repository.js';

let t: TestApp;
const NOW = '2026-06-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  const endpoint = { id: await insertWebhookEndpointRow(t.db, NOW) };
  for (const status of ['pending', 'sending', 'delivered', 'failed'])
    await t.db
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpoint.id,
        event_id: `evt_${status}`,
        event_type: 'license.created',
        body: '{}',
        status,
        attempts: 0,
        next_attempt_at: NOW,
        lease_until: NOW,
        claim_token: null,
        last_status_code: null,
        last_error: null,
        created_at: NOW,
        updated_at: NOW,
        delivered_at: null,
      })
      .execute();
  if (testDialect() === 'postgres') await sql`analyze`.execute(t.db);
});
afterAll(async () => t.close());

describe(`webhook deliveries' due reads (${testDialect()})`, () => {
  it('a webhook pass reads the pending deliveries by next attempt and those in flight by lease (partial indexes)', async () => {
    const plan = await planOf(t.db, (db) => claimDueDeliveries(db, new Date('2026-06-02T00:00:00.000Z'), 60_000));
    expect(plan).toMatch(/webhook_deliveries_pending_due/);
    expect(plan).toMatch(/webhook_deliveries_sending_lease/);
  });
});
