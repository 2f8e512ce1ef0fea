import { z } from 'zod';

// Retention (issue 44; docs/big-shop.md, "Retention"): how many days the tables that grow with every check keep
// their rows; the retention worker removes older ones in small batches. 0 keeps them for ever.

/** The defaults: a year of activity, a month of webhook deliveries, three months of e-mail bodies, six of site reports. */
export const DEFAULT_RETENTION = { activity_days: 365, webhook_delivery_days: 30, email_body_days: 90, site_report_days: 180 } as const;

/** The shortest period each may be set to: the dashboard's 90-day charts read site reports, so those keep 91 days. */
export const RETENTION_MINIMUM = { activity_days: 7, webhook_delivery_days: 1, email_body_days: 1, site_report_days: 91 } as const;

const days = (minimum: number) =>
  z
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .refine((n) => n === 0 || (n >= minimum && n <= 3650), `must be 0 (keep for ever) or from ${minimum} to 3650 days`);

export const retentionSchema = z
  .object({
    activity_days: days(RETENTION_MINIMUM.activity_days),
    webhook_delivery_days: days(RETENTION_MINIMUM.webhook_delivery_days),
    email_body_days: days(RETENTION_MINIMUM.email_body_days),
    site_report_days: days(RETENTION_MINIMUM.site_report_days),
  })
  .strict();
export type Retention = z.infer<typeof retentionSchema>;
