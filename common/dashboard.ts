import { z } from 'zod';
import { ORDER_KINDS } from './prices.js';

// The dashboard's analytics (GET /api/admin/dashboard/analytics, docs/dashboard.md). Days are UTC dates
// (YYYY-MM-DD), every day of the window present, zeros included; money in minor units per currency.

export const ANALYTICS_WINDOWS = [30, 90] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];

export const analyticsQuerySchema = z.object({
  days: z
    .enum(['30', '90'], { error: 'days must be 30 or 90' })
    .default('30')
    .transform((value): AnalyticsWindow => (value === '90' ? 90 : 30)),
});

/** Amount in minor units per currency code, e.g. { GBP: 4900, USD: 0 }: every currency of the window present. */
const perCurrency = z.record(z.string(), z.number());

export const analyticsDaySchema = z.object({
  date: z.string(),
  /** Orders paid that day and not refunded since, and their amount: the day's revenue. */
  orders: z.number(),
  revenue: perCurrency,
  /** Orders paid that day and refunded since (counted on the day of payment, not in revenue). */
  refunded_orders: z.number(),
  refunded: perCurrency,
  /** Licences created that day (bought or made by hand). */
  new_licences: z.number(),
  /** Sites active at the end of the day (UTC): all of them, and those that use a seat (not local/staging). */
  active_sites: z.number(),
  counted_sites: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** Sites per reported value; label "Unknown" for sites that never reported one. */
export const shareSchema = z.object({ label: z.string(), sites: z.number() });
export type Share = z.infer<typeof shareSchema>;

export const UNKNOWN_VERSION = 'Unknown';

export const analyticsSchema = z.object({
  days: z.union([z.literal(30), z.literal(90)]),
  from: z.string(),
  to: z.string(),
  /** Currencies with a paid or refunded order in the window, alphabetical. */
  currencies: z.array(z.string()),
  daily: z.array(analyticsDaySchema),
  totals: z.object({
    orders: z.number(),
    revenue: perCurrency,
    refunded_orders: z.number(),
    refunded: perCurrency,
    new_licences: z.number(),
    /** The window's paid orders and revenue by order kind (new sales, renewals, upgrades), every kind present, in ORDER_KINDS order. */
    by_kind: z.array(z.object({ kind: z.enum(ORDER_KINDS), orders: z.number(), revenue: perCurrency })),
  }),
  /** Current shares over every activated site (local/staging ones included), newest version first, Unknown last. */
  shares: z.object({
    sites: z.number(),
    plugin_versions: z.array(z.object({ plugin_slug: z.string(), plugin_name: z.string(), versions: z.array(shareSchema) })),
    /** WordPress and PHP by major.minor ("6.5", "8.2"). */
    wp_versions: z.array(shareSchema),
    php_versions: z.array(shareSchema),
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;
