import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { buyYearlyAutoRenewing, withYearlyTierApp } from '../../test/auto-renew-test-helpers.js';
import { TEST_CARD_RENEWAL_DECLINED, TEST_CARD_SUCCESS } from '../../../common/checkout.js';
import { addTerm } from '../../../common/prices.js';

// Issue 37 point 5 (docs/pricing.md "Automatic renewal"): the charge comes before the expiry, so an auto-renewing
// licence never lapses; retries that fell due together during an outage are spread out, one outcome at a time.
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

describe(`automatic renewal timing (${testDialect()})`, () => {
  let t: TestApp;
  let yearlyId: number;
  withYearlyTierApp((made, id) => ([t, yearlyId] = [made, id]));

  const buyYearly = (email: string, card: string) => buyYearlyAutoRenewing(t, yearlyId, email, card);
  const runAt = async (at: number) => {
    t.ctx.renewalReminders.now = () => new Date(at);
    await t.ctx.autoRenewals.runNow();
  };
  const failures = async (licenseId: number) =>
    (await t.db.selectFrom('activities').select('details').where('action_type', '=', 'auto_renew_failed').execute()).filter(
      (row) => (JSON.parse(row.details) as { license_id?: number }).license_id === licenseId,
    ).length;

  it('renews before the expiry (auto_renew_days_before 0): half an hour before it, the licence already has its next term', async () => {
    const license = await buyYearly('early@example.com', TEST_CARD_SUCCESS);
    const e = Date.parse(license.expiresAt);
    await runAt(e - 2 * HOUR);
    expect((await t.db.selectFrom('licenses').select('expires_at').where('id', '=', license.id).executeTakeFirstOrThrow()).expires_at).toBe(license.expiresAt);
    await runAt(e - 30 * MINUTE);
    const after = await t.db.selectFrom('licenses').select('expires_at').where('id', '=', license.id).executeTakeFirstOrThrow();
    expect(after.expires_at).toBe(addTerm(license.expiresAt, 'year'));
  });

  it('after a 7-day outage, the overdue retries of a declined card come 12 hours apart, one e-mail each', async () => {
    const email = 'outage@example.com';
    const license = await buyYearly(email, TEST_CARD_RENEWAL_DECLINED);
    const e = Date.parse(license.expiresAt);
    // The server comes back a week after the expiry: every retry day (1, 3, 7) has passed. Passes run back to back.
    for (let pass = 0; pass < 4; pass++) await runAt(e + 7 * DAY + HOUR + pass * MINUTE);
    expect(await failures(license.id)).toBe(1);
    const mails = () => t.db.selectFrom('emails').select('kind').where('to_address', '=', email).where('kind', 'like', 'auto_renew%').execute();
    expect(await mails()).toHaveLength(1);
    await runAt(e + 7 * DAY + 12 * HOUR);
    expect(await failures(license.id)).toBe(1);
    await runAt(e + 7 * DAY + 13 * HOUR + MINUTE);
    expect(await failures(license.id)).toBe(2);
    expect(await mails()).toHaveLength(2);
  });
});
