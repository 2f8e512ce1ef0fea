// The dashboard's analytics against rows seeded on known days: every figure is worked out by hand below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analytics, AnalyticsDay } from '../../../common/dashboard.js';
import { insertActivationRow, insertLicenseRow } from '../../test/license-rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { dashboardAnalytics } from './analytics.service.js';

const NOW = new Date('2026-03-31T12:00:00.000Z'); // 30-day window: 2026-03-02 … 2026-03-31; 90: 2026-01-01 …
let t: TestApp;
let empty: TestApp;

beforeAll(async () => {
  [t, empty] = await Promise.all([createTestApp(), createTestApp()]);
  const db = t.db;
  let ref = 0;
  const order = (status: string, currency: string, amount: number, paid_at: string | null, created_at = paid_at ?? '2026-03-12T08:00:00.000Z', kind = 'new') =>
    db
      .insertInto('orders')
      .values({
        email: 'buyer@example.com',
        plugin_slug: 'postcode-delivery-zones',
        amount,
        currency,
        status,
        provider: 'test',
        provider_ref: `ref-${++ref}`,
        created_at,
        paid_at,
        updated_at: created_at,
        kind,
      })
      .execute();
  await order('paid', 'GBP', 4900, '2026-03-05T10:00:00.000Z');
  await order('paid', 'GBP', 2500, '2026-03-05T23:59:59.999Z', undefined, 'renewal');
  await order('paid', 'USD', 5900, '2026-03-05T00:00:00.000Z');
  await order('refunded', 'GBP', 4900, '2026-03-10T09:00:00.000Z', undefined, 'renewal'); // paid, then refunded: in no kind's revenue
  await order('pending', 'GBP', 4900, null); // never paid
  await order('refunded', 'GBP', 4900, null); // refund arrived before payment: never paid
  await order('paid', 'EUR', 1000, '2026-03-01T23:59:59.999Z'); // the day before the 30-day window
  await order('paid', 'GBP', 100, '2026-04-01T00:00:00.000Z'); // after the window
  await order('paid', 'GBP', 700, '2026-03-31T23:00:00.000Z', undefined, 'upgrade'); // the window's last day

  let key = 0;
  const license = async (plugin_slug: string, created_at: string) =>
    insertLicenseRow(db, { key: `8022-TEST-0000-0000-${String(++key).padStart(4, '0')}`, plugin_slug, created_at });
  const l1 = await license('postcode-delivery-zones', '2026-03-05T01:00:00.000Z');
  const l2 = await license('ucre', '2026-03-05T22:00:00.000Z');
  await license('ucre', '2026-03-20T12:00:00.000Z');
  await license('ucre', '2026-02-10T12:00:00.000Z'); // in the 90-day window only
  await license('ucre', '2026-04-01T00:00:00.000Z'); // after the window

  let site = 0;
  const activation = (
    license_id: number,
    created_at: string,
    is_local: number,
    report: { installed_version?: string; wp_version?: string; php_version?: string } = {},
  ) => insertActivationRow(db, { license_id, site_url: `site-${++site}.example.com`, is_local, created_at, ...report });
  await activation(l1, '2026-02-15T09:00:00.000Z', 0, { installed_version: '1.8.0', wp_version: '6.5.2', php_version: '8.2.10' });
  await activation(l1, '2026-03-10T09:00:00.000Z', 1, { installed_version: '1.8.0', wp_version: '6.5', php_version: '8.1.2-1ubuntu2.14' });
  await activation(l1, '2026-03-20T09:00:00.000Z', 0); // never reported
  await activation(l2, '2026-03-31T23:00:00.000Z', 0, { installed_version: '2.0.1', wp_version: '6.4.3', php_version: '7.4.33' });
  await activation(l2, '2026-04-01T09:00:00.000Z', 0); // after the window: in the current shares only
  const ended = (is_local: number, activated_at: string, deactivated_at: string) =>
    db
      .insertInto('ended_activations')
      .values({ license_id: l1, site_url: `gone-${++site}.example.com`, is_local, activated_at, deactivated_at })
      .execute();
  await ended(0, '2026-02-01T09:00:00.000Z', '2026-03-15T10:00:00.000Z');
  await ended(0, '2026-03-03T09:00:00.000Z', '2026-03-03T20:00:00.000Z'); // on and off the same day
  await ended(0, '2026-01-20T09:00:00.000Z', '2026-02-20T09:00:00.000Z'); // gone before the window
  await ended(1, '2026-03-25T09:00:00.000Z', '2026-04-02T09:00:00.000Z'); // a local site, ended after the window
});
afterAll(async () => {
  await Promise.all([t.close(), empty.close()]);
});

const dayOf = (analytics: Analytics, date: string): AnalyticsDay => {
  const day = analytics.daily.find((entry) => entry.date === date);
  if (!day) throw new Error(`no ${date}`);
  return day;
};

describe('dashboard analytics', () => {
  it('sums paid orders per day and currency, refunds apart, over every day of the window', async () => {
    const a = await dashboardAnalytics(t.db, 30, NOW);
    expect([a.days, a.from, a.to, a.daily.length]).toEqual([30, '2026-03-02', '2026-03-31', 30]);
    expect(a.daily.map((day) => day.date).slice(0, 3)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    expect(a.currencies).toEqual(['GBP', 'USD']); // EUR was paid the day before the window
    expect(dayOf(a, '2026-03-05')).toMatchObject({
      orders: 3,
      revenue: { GBP: 7400, USD: 5900 },
      refunded_orders: 0,
      refunded: { GBP: 0, USD: 0 },
      new_licences: 2,
    });
    expect(dayOf(a, '2026-03-10')).toMatchObject({ orders: 0, revenue: { GBP: 0, USD: 0 }, refunded_orders: 1, refunded: { GBP: 4900, USD: 0 } });
    expect(dayOf(a, '2026-03-31')).toMatchObject({ orders: 1, revenue: { GBP: 700, USD: 0 }, new_licences: 0 });
    expect(dayOf(a, '2026-03-12')).toMatchObject({ orders: 0, revenue: { GBP: 0, USD: 0 }, refunded_orders: 0 }); // the pending order
    expect(a.totals).toEqual({
      orders: 4,
      revenue: { GBP: 8100, USD: 5900 },
      refunded_orders: 1,
      refunded: { GBP: 4900, USD: 0 },
      new_licences: 3,
      // Revenue by order kind (issue 26): the same paid orders split by what they bought; they add up to the total.
      by_kind: [
        { kind: 'new', orders: 2, revenue: { GBP: 4900, USD: 5900 } },
        { kind: 'renewal', orders: 1, revenue: { GBP: 2500, USD: 0 } },
        { kind: 'upgrade', orders: 1, revenue: { GBP: 700, USD: 0 } },
      ],
    });
  });

  it('counts the 90-day window the same way', async () => {
    const a = await dashboardAnalytics(t.db, 90, NOW);
    expect([a.from, a.to, a.daily.length]).toEqual(['2026-01-01', '2026-03-31', 90]);
    expect(a.currencies).toEqual(['EUR', 'GBP', 'USD']);
    expect(dayOf(a, '2026-03-01')).toMatchObject({ orders: 1, revenue: { EUR: 1000, GBP: 0, USD: 0 } });
    expect(a.totals).toMatchObject({ orders: 5, revenue: { EUR: 1000, GBP: 8100, USD: 5900 }, new_licences: 4 });
    // Active sites from 2026-01-01: the site gone on 2026-02-20 counted until then.
    expect(dayOf(a, '2026-01-19')).toMatchObject({ active_sites: 0 });
    expect(dayOf(a, '2026-01-20')).toMatchObject({ active_sites: 1, counted_sites: 1 });
    expect(dayOf(a, '2026-02-01')).toMatchObject({ active_sites: 2 });
    expect(dayOf(a, '2026-02-15')).toMatchObject({ active_sites: 3 });
    expect(dayOf(a, '2026-02-20')).toMatchObject({ active_sites: 2, counted_sites: 2 });
  });

  it('counts the sites active at the end of each day from activations and deactivations', async () => {
    const a = await dashboardAnalytics(t.db, 30, NOW);
    const expected = (date: string): [number, number] => {
      if (date >= '2026-03-31') return [5, 3];
      if (date >= '2026-03-25') return [4, 2]; // + a local site
      if (date >= '2026-03-20') return [3, 2];
      if (date >= '2026-03-15') return [2, 1]; // a counted site deactivated
      if (date >= '2026-03-10') return [3, 2]; // + a local site
      return [2, 2]; // the same-day site of 03-03 is gone by the end of it
    };
    expect(a.daily.map((day) => [day.date, day.active_sites, day.counted_sites])).toEqual(a.daily.map((day) => [day.date, ...expected(day.date)]));
  });

  it('shares the current sites per plugin version, WordPress and PHP major.minor, Unknown for sites that never reported', async () => {
    const { shares } = await dashboardAnalytics(t.db, 30, NOW);
    expect(shares.sites).toBe(5);
    expect(shares.wp_versions).toEqual([
      { label: '6.5', sites: 2 },
      { label: '6.4', sites: 1 },
      { label: 'Unknown', sites: 2 },
    ]);
    expect(shares.php_versions).toEqual([
      { label: '8.2', sites: 1 },
      { label: '8.1', sites: 1 },
      { label: '7.4', sites: 1 },
      { label: 'Unknown', sites: 2 },
    ]);
    expect(shares.plugin_versions).toEqual([
      {
        plugin_slug: 'ucre',
        plugin_name: '8022 Licensing',
        versions: [
          { label: '2.0.1', sites: 1 },
          { label: 'Unknown', sites: 1 },
        ],
      },
      {
        plugin_slug: 'postcode-delivery-zones',
        plugin_name: 'Postcode Delivery Zones',
        versions: [
          { label: '1.8.0', sites: 2 },
          { label: 'Unknown', sites: 1 },
        ],
      },
    ]);
  });

  it('answers an empty shop with every day at zero and no shares', async () => {
    const response = await empty.app.inject({ method: 'GET', url: '/api/admin/dashboard/analytics?days=90', headers: await empty.adminHeaders() });
    expect(response.statusCode).toBe(200);
    const a = response.json<Analytics>();
    expect(a.daily).toHaveLength(90);
    expect(a.to).toBe(new Date().toISOString().slice(0, 10));
    expect(a.currencies).toEqual([]);
    expect(a.daily.every((day) => day.orders === 0 && day.new_licences === 0 && day.active_sites === 0 && Object.keys(day.revenue).length === 0)).toBe(true);
    expect(a.totals).toEqual({
      orders: 0,
      revenue: {},
      refunded_orders: 0,
      refunded: {},
      new_licences: 0,
      by_kind: [
        { kind: 'new', orders: 0, revenue: {} },
        { kind: 'renewal', orders: 0, revenue: {} },
        { kind: 'upgrade', orders: 0, revenue: {} },
      ],
    });
    expect(a.shares).toEqual({ sites: 0, plugin_versions: [], wp_versions: [], php_versions: [] });
  });

  it('takes days=30 (the default) or 90 only, and only for a signed-in admin', async () => {
    const headers = await empty.adminHeaders();
    const get = (query: string) => empty.app.inject({ method: 'GET', url: `/api/admin/dashboard/analytics${query}`, headers });
    expect((await get('')).json<Analytics>().daily).toHaveLength(30);
    expect((await get('?days=30')).json<Analytics>().days).toBe(30);
    for (const query of ['?days=7', '?days=abc', '?days=30.0', '?days=', '?days=30&days=90', '?days=-30']) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain('days must be 30 or 90');
    }
    expect((await empty.app.inject({ method: 'GET', url: '/api/admin/dashboard/analytics' })).statusCode).toBe(401);
  });
});
