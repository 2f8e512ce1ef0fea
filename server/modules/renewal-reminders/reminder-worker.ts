// The renewal reminder worker (docs/renewal-reminders.md): at each pass it finds the licences whose reminder step
// (or expiry) is due, claims each step once per licence and term in the database (claimStep: a unique-key insert,
// so several instances, WORKERS=N and restarts send each step once), and in the same unit of work queues the
// e-mail in the outbox or emits `license.expired`. One per app (ctx.renewalReminders).
import type { AppContext } from '../../kernel/context.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { unitOfWork } from '../../kernel/events.js';
import { isAutoRenewing, renewsAutomaticallyLater } from '../checkout/index.js';
import { PollingWorker } from '../../lib/polling-loop.js';
import { queueEmail } from '../email/index.js';
import { lockLicenseInTerm, markLicenseExpired } from '../licenses/index.js';
import { claimStep, findDueLicenses, isOptedOut, setClaimEmail, type DueLicense } from './reminders.repository.js';
import { dueWindows, stepTime, type StepWindow } from './reminder-schedule.js';

/** Due steps are looked for this often (reminders are counted in days; a pass also runs at start). */
export const REMINDER_POLL_INTERVAL_MS = 10 * 60_000;
/** Licences read per query; a pass reads batches until a step has none left. */
const BATCH = 200;
/** The `kind` of a reminder in the emails table (rendered when it leaves: reminder-email.ts). */
export const REMINDER_EMAIL_KIND = 'renewal_reminder';

export interface PassResult {
  reminders: number;
  expired: number;
}

export class ReminderWorker extends PollingWorker {
  /** The clock every decision uses (which steps are due, the claims' and e-mails' times); tests move it. */
  now: () => Date = () => new Date();
  /** What the passes sent since the app started (tests and the log). */
  readonly sent: PassResult = { reminders: 0, expired: 0 };

  constructor(private readonly ctx: AppContext) {
    super(REMINDER_POLL_INTERVAL_MS, (error) => ctx.log.error({ err: error }, 'renewal reminder pass failed'));
  }

  /** The licences due for each step at `now`, at most `limit` a step, claiming nothing: what a pass reads (bench/renewal-reminders.ts). */
  async findDue(now: Date, limit = BATCH): Promise<Array<{ step: string; licenses: DueLicense[] }>> {
    const found = [];
    for (const window of dueWindows(this.ctx.settings.get('renewal_reminder_days'), now)) {
      const licenses = await findDueLicenses(this.ctx.db, {
        step: window.step,
        after: window.after,
        upTo: window.upTo,
        needsEmail: window.kind === 'reminder',
        limit,
      });
      found.push({ step: window.step, licenses });
    }
    return found;
  }

  protected async pass(): Promise<void> {
    const now = this.now();
    for (const window of dueWindows(this.ctx.settings.get('renewal_reminder_days'), now)) {
      for (;;) {
        if (this.loop.isStopped) return;
        const due = await findDueLicenses(this.ctx.db, {
          step: window.step,
          after: window.after,
          upTo: window.upTo,
          needsEmail: window.kind === 'reminder',
          limit: BATCH,
        });
        for (const license of due) await this.sendStep(license, window, now);
        // Each licence read is claimed (by this pass or another instance) or no longer due, so the next read moves on.
        if (due.length < BATCH) break;
      }
    }
  }

  /** One licence's step in one unit of work: the claim, and the e-mail or the event with it, commit together or not at all. */
  private async sendStep(due: DueLicense, window: StepWindow, now: Date): Promise<void> {
    const at = now.toISOString();
    const outcome = await unitOfWork(this.ctx, async (unit) => {
      const { trx } = unit;
      // Locked (PostgreSQL) and read again: a renewal, revocation or unsubscribe since the search wins.
      const license = await lockLicenseInTerm(trx, due.id, due.expires_at);
      if (!license) return null;
      const isReminder = window.kind === 'reminder';
      if (isReminder && (!license.customer_email || (await isOptedOut(trx, license.id)))) return null;
      const claimId = await claimStep(trx, { license_id: license.id, expires_at: due.expires_at, step: window.step, created_at: at });
      if (claimId === null) return null; // another instance, or an earlier pass, has it
      // A step whose time came before the licence existed (bought or imported close to its expiry) is claimed, not sent.
      if (stepTime(due.expires_at, window.offsetDays) < license.created_at) return null;
      // Nor a reminder before the expiry of a licence that renews automatically once its charge is overdue or has
      // failed (an outage, a declined card): the automatic renewal's own e-mail tells the outcome, one e-mail for it.
      if (isReminder && window.offsetDays <= 0 && (await this.chargeOverdue(trx, license, now))) return null;
      if (!isReminder) {
        await markLicenseExpired(unit, license, at);
        return 'expired' as const;
      }
      const emailId = await queueEmail(unit, {
        to_address: license.customer_email!,
        kind: REMINDER_EMAIL_KIND,
        // Not the order's (order_id left null): the orders list shows the status of an order's latest e-mail, its licence e-mail.
        dedupe_key: `${REMINDER_EMAIL_KIND}:${license.id}:${due.expires_at}:${window.step}`,
        at,
      });
      await setClaimEmail(trx, claimId, emailId);
      return 'reminder' as const;
    });
    if (outcome === 'reminder') this.sent.reminders += 1;
    if (outcome === 'expired') this.sent.expired += 1;
  }

  private async chargeOverdue(trx: Transaction<DB>, license: { id: number; expires_at: string | null }, now: Date): Promise<boolean> {
    if (license.expires_at === null || !(await isAutoRenewing({ db: trx }, license.id))) return false;
    return !(await renewsAutomaticallyLater(this.ctx, trx, { id: license.id, expires_at: license.expires_at }, now));
  }
}
