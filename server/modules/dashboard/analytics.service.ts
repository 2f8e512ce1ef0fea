// The dashboard's analytics (docs/dashboard.md): per UTC day over the last 30 or 90 days, and the current
// shares of plugin, WordPress and PHP versions. The sums come from the daily roll-ups (0076-dashboard-rollups),
// never from a count of every order, licence or activation; JavaScript only fills the days without rows with
// zeros, adds up the running total of active sites and folds versions to major.minor.
import type { Database } from '../../db/database.js';
import { UNKNOWN_VERSION, type Analytics, type AnalyticsDay, type AnalyticsWindow, type Share } from '../../../common/dashboard.js';
import { majorMinor } from '../../../common/site-report.js';
import { compareVersions } from '../../../common/versions.js';
import { ORDER_KINDS, type OrderKind } from '../../../common/prices.js';
import { releaseHealthAnalytics } from '../release-health/index.js';
import { rolledUpLicences, rolledUpOrders, rolledUpPluginVersions, rolledUpSiteEvents, rolledUpVersions } from './rollups.repository.js';

const DAY_MS = 86_400_000;
const dateOf = (time: number): string => new Date(time).toISOString().slice(0, 10);
// PostgreSQL answers count(*) and sum(integer) as bigint, which node-postgres gives as a string.
type Count = number | string;

/** The window's dates, oldest first: `days` dates ending with today (UTC). */
export function windowDates(days: AnalyticsWindow, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) => dateOf(today - (days - 1 - index) * DAY_MS));
}

export async function dashboardAnalytics(db: Database, days: AnalyticsWindow, now = new Date()): Promise<Analytics> {
  const dates = windowDates(days, now);
  const from = dates[0] ?? '';
  const to = dates[dates.length - 1] ?? '';
  // Full ISO bounds, in the stored format, so the comparison is plain text order on both databases.
  const start = `${from}T00:00:00.000Z`;
  const end = `${dateOf(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS)}T00:00:00.000Z`;

  // Off the daily roll-ups (0076; rollups.repository.ts), kept in the same transaction as the rows they sum. A
  // refunded order keeps its paid_at; a refund that came before payment has none and is not counted. Active
  // sites: every start and end of an activation up to the window's end, as +1/-1 per day.
  const [orderRows, licenceRows, siteEventRows, shares, releases] = await Promise.all([
    rolledUpOrders(db, from, to),
    rolledUpLicences(db, from, to),
    rolledUpSiteEvents(db, to),
    siteShares(db),
    releaseHealthAnalytics({ db }, start, end),
  ]);

  const currencies = [...new Set(orderRows.map((row) => row.currency))].sort();
  const zeros = () => Object.fromEntries(currencies.map((currency) => [currency, 0])) as Record<string, number>;
  const byDate = new Map<string, AnalyticsDay>(
    dates.map((date) => [
      date,
      { date, orders: 0, revenue: zeros(), refunded_orders: 0, refunded: zeros(), new_licences: 0, active_sites: 0, counted_sites: 0 },
    ]),
  );
  // Revenue by order kind (issue 26): the same paid orders, split by what they bought.
  const byKind = new Map(ORDER_KINDS.map((kind) => [kind, { kind, orders: 0, revenue: zeros() }]));
  for (const row of orderRows) {
    const day = byDate.get(row.day);
    if (!day) continue;
    if (row.status === 'paid') {
      const kind = byKind.get(row.kind as OrderKind) ?? byKind.get('new')!;
      kind.orders += Number(row.n);
      kind.revenue[row.currency] = (kind.revenue[row.currency] ?? 0) + Number(row.amount);
      day.orders += Number(row.n);
      day.revenue[row.currency] = (day.revenue[row.currency] ?? 0) + Number(row.amount);
    } else {
      day.refunded_orders += Number(row.n);
      day.refunded[row.currency] = (day.refunded[row.currency] ?? 0) + Number(row.amount);
    }
  }
  for (const row of licenceRows) {
    const day = byDate.get(row.day);
    if (day) day.new_licences = Number(row.n);
  }
  // Days before the window make the starting level; then a running total through the window.
  let active = 0;
  let counted = 0;
  const deltas = new Map<string, { delta: number; counted: number }>();
  for (const row of siteEventRows) {
    if (row.day < from) {
      active += Number(row.delta);
      counted += Number(row.counted);
    } else deltas.set(row.day, { delta: Number(row.delta), counted: Number(row.counted) });
  }
  const daily = [...byDate.values()];
  for (const day of daily) {
    const change = deltas.get(day.date);
    active += change?.delta ?? 0;
    counted += change?.counted ?? 0;
    day.active_sites = active;
    day.counted_sites = counted;
  }

  const sum = (pick: (day: AnalyticsDay) => Record<string, number>) => {
    const total = zeros();
    for (const day of daily) for (const currency of currencies) total[currency] = (total[currency] ?? 0) + (pick(day)[currency] ?? 0);
    return total;
  };
  return {
    days,
    from,
    to,
    currencies,
    daily,
    totals: {
      orders: daily.reduce((n, day) => n + day.orders, 0),
      revenue: sum((day) => day.revenue),
      refunded_orders: daily.reduce((n, day) => n + day.refunded_orders, 0),
      refunded: sum((day) => day.refunded),
      new_licences: daily.reduce((n, day) => n + day.new_licences, 0),
      by_kind: [...byKind.values()],
    },
    shares,
    ...releases,
  };
}

/** Newest version first, Unknown last. */
function sortShares(shares: Share[]): Share[] {
  return shares.sort((a, b) => {
    if (a.label === UNKNOWN_VERSION || b.label === UNKNOWN_VERSION) return (a.label === UNKNOWN_VERSION ? 1 : 0) - (b.label === UNKNOWN_VERSION ? 1 : 0);
    return compareVersionLabels(b.label, a.label);
  });
}

/** Numeric comparison of dotted versions of any length ("6.10" after "6.9"); then as text. */
function compareVersionLabels(a: string, b: string): number {
  const left =
    a
      .match(/^\d+(?:\.\d+)*/)?.[0]
      .split('.')
      .map(Number) ?? [];
  const right =
    b
      .match(/^\d+(?:\.\d+)*/)?.[0]
      .split('.')
      .map(Number) ?? [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return compareVersions(a, b) || a.localeCompare(b);
}

/** Sums counts per label, folding each reported version with `fold` (null → Unknown). */
function fold(rows: Array<{ version: string | null; n: Count }>, foldVersion: (version: string) => string): Share[] {
  const sites = new Map<string, number>();
  for (const row of rows) {
    const label = row.version === null ? UNKNOWN_VERSION : foldVersion(row.version);
    sites.set(label, (sites.get(label) ?? 0) + Number(row.n));
  }
  return sortShares([...sites].map(([label, n]) => ({ label, sites: n })));
}

async function siteShares(db: Database): Promise<Analytics['shares']> {
  const [plugin, wordpress, php] = await Promise.all([rolledUpPluginVersions(db), rolledUpVersions(db, 'wp'), rolledUpVersions(db, 'php')]);
  const plugins = new Map<string, { plugin_slug: string; plugin_name: string; rows: Array<{ version: string | null; n: Count }> }>();
  for (const row of plugin) {
    const entry = plugins.get(row.plugin_slug) ?? { plugin_slug: row.plugin_slug, plugin_name: row.plugin_name ?? row.plugin_slug, rows: [] };
    entry.rows.push(row);
    plugins.set(row.plugin_slug, entry);
  }
  const wpVersions = fold(wordpress, majorMinor);
  return {
    sites: wpVersions.reduce((n, share) => n + share.sites, 0),
    plugin_versions: [...plugins.values()]
      .sort((a, b) => a.plugin_name.localeCompare(b.plugin_name))
      .map(({ plugin_slug, plugin_name, rows }) => ({ plugin_slug, plugin_name, versions: fold(rows, (version) => version) })),
    wp_versions: wpVersions,
    php_versions: fold(php, majorMinor),
  };
}
