// Retention (issue 44; docs/big-shop.md, "Retention") on both databases: old activity, finished webhook deliveries and
// e-mail bodies go, recent ones and unfinished ones stay, in batches of at most batchSize rows; the dashboard's
// figures and charts do not move; a second instance finds the run claimed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { insertWebhookEndpointRow } from '../../test/shop-fixtures.js';
import { recordActivity } from '../activities/index.js';
import { RetentionWorker } from './index.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  for (let n = 0; n < 7; n++) await recordActivity(t.db, 'license_verified', { n }, daysAgo(400 + n));
  for (const days of [10, 364]) await recordActivity(t.db, 'license_verified', { days }, daysAgo(days));
  const endpoint = { id: await insertWebhookEndpointRow(t.db, daysAgo(500), 0) };
  const delivery = (status: string, days: number, n: number) =>
    t.db
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpoint.id,
        event_id: `evt_${n}`,
        event_type: 'license.created',
        body: '{}',
        status,
        attempts: 1,
        next_attempt_at: null,
        lease_until: null,
        claim_token: null,
        last_status_code: 200,
        last_error: null,
        created_at: daysAgo(days),
        updated_at: daysAgo(days),
        delivered_at: null,
      })
      .execute();
  for (let n = 0; n < 5; n++) await delivery(n % 2 ? 'failed' : 'delivered', 40 + n, n);
  await delivery('pending', 60, 10); // not finished: kept
  await delivery('delivered', 5, 11); // recent: kept
  const email = (status: string, days: number, n: number) =>
    t.db
      .insertInto('emails')
      .values({
        to_address: `r${n}@example.com`,
        kind: 'licence',
        order_id: null,
        dedupe_key: null,
        subject: `S${n}`,
        text: `body ${n}`,
        html: `<p>body ${n}</p>`,
        status,
        attempts: 1,
        last_error: null,
        created_at: daysAgo(days),
        updated_at: daysAgo(days),
        sent_at: null,
      })
      .execute();
  for (let n = 0; n < 4; n++) await email('sent', 100 + n, n);
  await email('outbox', 120, 10); // never left: kept
  await email('sent', 30, 11); // recent: kept
  // The app's own worker ran when it started (an empty shop, by the real clock): forget that run, as a day later.
  await t.db.deleteFrom('retention_runs').execute();
});
afterAll(async () => t.close());

const worker = (batchSize: number) => {
  const w = new RetentionWorker(t.ctx);
  w.now = () => NOW;
  w.batchSize = batchSize;
  w.pauseMs = 0;
  return w;
};
const dashboard = async () =>
  Promise.all(
    ['/api/admin/stats', '/api/admin/dashboard/analytics?days=90'].map(
      async (url) => (await t.app.inject({ method: 'GET', url, headers: await t.adminHeaders() })).json() as unknown,
    ),
  );

describe(`retention (${testDialect()})`, () => {
  it('removes old rows in bounded batches, keeps recent and unfinished ones, leaves the dashboard as it was, runs once', async () => {
    const before = await dashboard();
    const first = worker(3);
    await first.runNow();
    expect(first.lastRun?.removed).toEqual({ activity_days: 7, webhook_delivery_days: 5, email_body_days: 4, site_report_days: 0 });
    expect(first.lastRun?.largestBatch).toBe(3);
    expect(first.lastRun?.batches).toBe(3 + 2 + 2 + 1); // 3+3+1 activities, 3+2 deliveries, 3+1 bodies, no reports

    const activities = await t.db.selectFrom('activities').select('created_at').where('action_type', '=', 'license_verified').execute();
    expect(activities.map((row) => row.created_at).sort()).toEqual([daysAgo(364), daysAgo(10)]);
    const deliveries = await t.db.selectFrom('webhook_deliveries').select('event_id').orderBy('event_id').execute();
    expect(deliveries.map((row) => row.event_id)).toEqual(['evt_10', 'evt_11']);
    const emails = await t.db
      .selectFrom('emails')
      .select(['subject', 'text', 'html'])
      .where('to_address', 'like', 'r%@example.com')
      .orderBy('subject')
      .execute();
    expect(emails).toEqual([
      { subject: 'S0', text: '', html: '' },
      { subject: 'S1', text: '', html: '' },
      { subject: 'S10', text: 'body 10', html: '<p>body 10</p>' },
      { subject: 'S11', text: 'body 11', html: '<p>body 11</p>' },
      { subject: 'S2', text: '', html: '' },
      { subject: 'S3', text: '', html: '' },
    ]);
    expect(await dashboard()).toEqual(before);

    const second = worker(3); // another instance, the same day: the run is done
    await second.runNow();
    expect(second.lastRun).toBeNull();
  });

  const putRetention = async (retention: Record<string, number>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await t.adminHeaders(), payload: { retention } });

  it('refuses a period shorter than the dashboard needs with a 400 naming the field', async () => {
    const response = await putRetention({ activity_days: 365, webhook_delivery_days: 30, email_body_days: 90, site_report_days: 30 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('site_report_days');
    const saved = await putRetention({ activity_days: 0, webhook_delivery_days: 7, email_body_days: 30, site_report_days: 91 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ retention: { activity_days: 0, webhook_delivery_days: 7, email_body_days: 30, site_report_days: 91 } });
  });
});
