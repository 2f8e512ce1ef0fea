// Migration 0015 recovers the activations that ended before it from the activity log (docs/dashboard.md).
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backfillEndedActivations } from '../../db/migrations/0015-site-reports.js';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app.js';
import { createLicense } from '../licenses/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it(`replays activations, deactivations and revokes of the activity log (${testDialect()})`, async () => {
  const one = await createLicense(t.ctx, { pluginSlug: 'postcode-delivery-zones', plan: 'lifetime', maxActivations: 5 });
  const two = await createLicense(t.ctx, { pluginSlug: 'postcode-delivery-zones', plan: 'lifetime', maxActivations: 5 });
  const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  const entries: Array<[string, Record<string, unknown> | string, string]> = [
    ['license_activated', { license_key: one.key, site_url: 'a.example.com', is_local: false }, at(1)],
    ['license_deactivated', { license_key: one.key, site_url: 'a.example.com' }, at(2)],
    ['license_activated', { license_key: one.key, site_url: 'a.example.com', is_local: false }, at(3)], // again
    ['license_activated', { license_key: one.key, site_url: 'b.example.com', is_local: true }, at(4)],
    ['license_verified', { license_key: one.key, site_url: 'b.example.com' }, at(4)],
    ['license_revoked', { license_key: one.key, plugin_slug: 'postcode-delivery-zones' }, at(5)], // releases a and b
    ['license_activated', { license_key: two.key, site_url: 'c.example.com', is_local: false }, at(6)], // still active
    ['license_deactivated', { license_key: two.key, site_url: 'never-activated.example.com' }, at(7)],
    ['license_activated', { license_key: '8022-GONE-GONE-GONE-GONE', site_url: 'x.example.com' }, at(8)],
    ['license_deactivated', { license_key: '8022-GONE-GONE-GONE-GONE', site_url: 'x.example.com' }, at(9)], // no such licence
    ['license_deactivated', '{not json', at(10)],
  ];
  for (const [action_type, details, created_at] of entries) {
    await t.db
      .insertInto('activities')
      .values({ action_type, details: typeof details === 'string' ? details : JSON.stringify(details), created_at })
      .execute();
  }
  expect(await backfillEndedActivations(t.db as unknown as Kysely<unknown>)).toBe(3);
  const rows = await t.db
    .selectFrom('ended_activations')
    .select(['license_id', 'site_url', 'is_local', 'activated_at', 'deactivated_at'])
    .orderBy('activated_at')
    .execute();
  expect(rows).toEqual([
    { license_id: one.id, site_url: 'a.example.com', is_local: 0, activated_at: at(1), deactivated_at: at(2) },
    { license_id: one.id, site_url: 'a.example.com', is_local: 0, activated_at: at(3), deactivated_at: at(5) },
    { license_id: one.id, site_url: 'b.example.com', is_local: 1, activated_at: at(4), deactivated_at: at(5) },
  ]);
});
