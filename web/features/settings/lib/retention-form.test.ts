import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION } from '@common/retention';
import { RETENTION_FIELDS, retentionHelp, toRetention } from './retention-form';

describe('retention form', () => {
  it('takes the defaults, 0 (for ever) and the least values', () => {
    expect(toRetention({ ...DEFAULT_RETENTION })).toEqual({ ok: true, retention: DEFAULT_RETENTION });
    const least = { activity_days: 7, webhook_delivery_days: 1, email_body_days: 1, site_report_days: 91 };
    expect(toRetention(least)).toEqual({ ok: true, retention: least });
    const forever = { activity_days: 0, webhook_delivery_days: 0, email_body_days: 0, site_report_days: 0 };
    expect(toRetention(forever)).toEqual({ ok: true, retention: forever });
  });

  it('names each field under its least, above ten years, empty or not whole with the schema’s message', () => {
    expect(toRetention({ activity_days: 6, webhook_delivery_days: 3651, email_body_days: Number.NaN, site_report_days: 90.5 })).toEqual({
      ok: false,
      errors: {
        activity_days: 'must be 0 (keep for ever) or from 7 to 3650 days',
        webhook_delivery_days: 'must be 0 (keep for ever) or from 1 to 3650 days',
        email_body_days: 'must be a whole number of days',
        site_report_days: 'must be a whole number of days',
      },
    });
    expect(toRetention({ ...DEFAULT_RETENTION, site_report_days: 90 })).toEqual({
      ok: false,
      errors: { site_report_days: 'must be 0 (keep for ever) or from 91 to 3650 days' },
    });
  });

  it('says under each field its least value', () => {
    expect(RETENTION_FIELDS.map(({ field, goes }) => retentionHelp(field, goes).match(/At least \d+/)?.[0])).toEqual([
      'At least 7',
      'At least 1',
      'At least 1',
      'At least 91',
    ]);
  });
});
