import { RETENTION_MINIMUM, retentionSchema, type Retention } from '@common/retention';

export type RetentionField = keyof Retention;

/** The four periods of the Data retention card (docs/big-shop.md, "Retention"), in the order shown, and what goes. */
export const RETENTION_FIELDS: ReadonlyArray<{ field: RetentionField; id: string; label: string; goes: string }> = [
  { field: 'activity_days', id: 'retention-activity', label: 'Activity (days)', goes: 'Activity log entries older than this go.' },
  {
    field: 'webhook_delivery_days',
    id: 'retention-webhook-deliveries',
    label: 'Webhook deliveries (days)',
    goes: 'Delivered and failed webhook deliveries older than this go; pending ones stay.',
  },
  {
    field: 'email_body_days',
    id: 'retention-email-bodies',
    label: 'E-mail bodies (days)',
    goes: 'The text of sent and failed e-mails older than this is emptied; the Outbox keeps recipient, subject and status.',
  },
  {
    field: 'site_report_days',
    id: 'retention-site-reports',
    label: 'Site reports (days)',
    goes: 'Update reports and deactivation answers older than this go; the dashboard charts 90 days of them.',
  },
];

/** The line under a field: what goes, the least period, and that 0 keeps for ever. */
export const retentionHelp = (field: RetentionField, goes: string): string => `${goes} At least ${RETENTION_MINIMUM[field]}; 0 keeps for ever.`;

export type RetentionFormResult = { ok: true; retention: Retention } | { ok: false; errors: Partial<Record<RetentionField, string>> };

/** The periods as typed (an empty or non-number entry is NaN), checked by the server's own schema (common/retention.ts). */
export function toRetention(values: Record<RetentionField, number>): RetentionFormResult {
  const parsed = retentionSchema.safeParse(values);
  if (parsed.success) return { ok: true, retention: parsed.data };
  const errors: Partial<Record<RetentionField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RetentionField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
