import { describe, expect, it } from 'vitest';
import { testDialect, type TestApp } from '../../test/test-app.js';
import { buyYearlyAutoRenewing, withYearlyTierApp } from '../../test/auto-renew-test-helpers.js';
import { TEST_CARD_RENEWAL_DECLINED } from '../../../common/checkout.js';

// Issue 37 (docs/renewal-reminders.md "Automatic renewal"): a reminder before the expiry never says "renews
// automatically" of a licence whose automatic charge is overdue or has failed; after an outage a declined card
// yields one "We could not renew" e-mail, with no "renews automatically" before it, whichever worker runs first.
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

describe(`reminders of licences that renew automatically (${testDialect()})`, () => {
  let t: TestApp;
  let yearlyId: number;
  withYearlyTierApp((made, id) => ([t, yearlyId] = [made, id]));

  const buyYearlyDeclining = async (email: string) => {
    const license = await buyYearlyAutoRenewing(t, yearlyId, email, TEST_CARD_RENEWAL_DECLINED);
    return { id: license.id, expiresAt: Date.parse(license.expiresAt) };
  };
  const setClock = (at: number) => {
    t.ctx.renewalReminders.now = () => new Date(at);
  };
  /** The renewal e-mails a buyer got, oldest first, once the outbox has delivered them. */
  const mailsTo = async (email: string) =>
    t.db
      .selectFrom('emails')
      .select(['kind', 'subject', 'created_at'])
      .where('to_address', '=', email)
      .where((eb) => eb.or([eb('kind', '=', 'renewal_reminder'), eb('kind', 'like', 'auto_renew%')]))
      .orderBy('id')
      .execute();
  const saysRenewsAutomatically = (mail: { subject: string }) => /renews automatically/.test(mail.subject);

  it.each([
    ['the reminders first', ['renewalReminders', 'autoRenewals'] as const],
    ['the automatic renewal first', ['autoRenewals', 'renewalReminders'] as const],
  ])('after a 7-day outage across the expiry (%s): one "We could not renew", no "renews automatically"', async (_, order) => {
    const email = `outage-${order[0]}@example.com`;
    const license = await buyYearlyDeclining(email);
    // Before the outage: the 30-days reminder says it renews automatically, which is true then.
    setClock(license.expiresAt - 30 * DAY + HOUR);
    await t.ctx.renewalReminders.runNow();
    const before = await mailsTo(email);
    expect(before.map((mail) => mail.kind)).toEqual(['renewal_reminder']);
    expect(saysRenewsAutomatically(before[0]!)).toBe(true);
    // Every instance is down from 5 days before the expiry to 2 days after it; then both workers run, back to back.
    setClock(license.expiresAt + 2 * DAY);
    for (const worker of order) await t.ctx[worker].runNow();
    for (const worker of order) await t.ctx[worker].runNow();
    const after = (await mailsTo(email)).slice(1);
    expect(after.map((mail) => mail.subject)).toEqual(['We could not renew your Postcode Delivery Zones licence']);
  });

  it('no "renews automatically" at the expiry once the charge an hour before it was declined', async () => {
    const email = 'declined-on-time@example.com';
    const license = await buyYearlyDeclining(email);
    setClock(license.expiresAt - 30 * MINUTE);
    await t.ctx.autoRenewals.runNow();
    setClock(license.expiresAt + MINUTE);
    await t.ctx.renewalReminders.runNow();
    await t.ctx.autoRenewals.runNow();
    const mails = await mailsTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual(['We could not renew your Postcode Delivery Zones licence']);
    expect(mails.some(saysRenewsAutomatically)).toBe(false);
  });

  it('a reminder held in the outbox says nothing of renewing automatically once the charge has failed', async () => {
    const email = 'held@example.com';
    const license = await buyYearlyDeclining(email);
    // The 7-days reminder is queued while the charge is still to come...
    setClock(license.expiresAt - 7 * DAY + HOUR);
    await t.ctx.renewalReminders.runNow();
    const [queued] = await t.db.selectFrom('emails').select('id').where('to_address', '=', email).where('kind', '=', 'renewal_reminder').execute();
    expect(queued).toBeDefined();
    // ...and rendered after the charge failed (a shop without its address holds e-mails until it has one).
    setClock(license.expiresAt - 30 * MINUTE);
    await t.ctx.autoRenewals.runNow();
    const rendered = await t.ctx.emailRenderers.get('renewal_reminder')!(
      t.ctx,
      await t.db.selectFrom('emails').selectAll().where('id', '=', queued!.id).executeTakeFirstOrThrow(),
    );
    expect(rendered.subject).not.toMatch(/renews automatically/);
    expect(rendered.text).toMatch(/\/renew\?key=/);
  });
});
