// Retention (issue 44; docs/big-shop.md, "Retention"): removes the activity, finished webhook deliveries, e-mail
// bodies and site reports older than the periods the vendor sets (Settings, `retention`), in batches of at most
// `batchSize` rows a statement with a pause between, so a run never holds the database for long (a licence check
// waits at most one batch on SQLite). One instance runs it a day: it claims the run in the database (retention_runs).
// Nothing the dashboard counts is removed: its figures come from the daily roll-ups (0076) and orders, licences and
// activations, which retention never touches; the site reports it charts are kept at least 91 days.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Retention } from '../../../common/retention.js';
import type { AppContext } from '../../kernel/context.js';
import { PollingWorker } from '../../lib/polling-loop.js';
import { pruneActivities } from '../activities/index.js';
import { recutLicensePages } from '../licenses/index.js';
import { clearOldEmailBodies } from '../email/index.js';
import { pruneFinishedDeliveries } from '../outgoing-webhooks/index.js';
import { pruneSiteReports } from '../release-health/index.js';
import { claimRun, finishRun } from './retention.repository.js';

const DAY_MS = 86_400_000;
/** How often an instance looks whether a run is due; a run is due a day after the last one ended. */
const POLL_MS = 60 * 60_000;
const RUN_EVERY_MS = DAY_MS;
/** Longer than any run: a run whose instance died is taken over after it. */
const LEASE_MS = 60 * 60_000;
const JOB = 'retention';

type Pruner = (db: AppContext['db'], before: string, limit: number) => Promise<number>;
const JOBS: Array<{ setting: keyof Retention; prune: Pruner }> = [
  { setting: 'activity_days', prune: pruneActivities },
  { setting: 'webhook_delivery_days', prune: pruneFinishedDeliveries },
  { setting: 'email_body_days', prune: clearOldEmailBodies },
  { setting: 'site_report_days', prune: pruneSiteReports },
];

export interface RetentionRun {
  /** Rows removed (e-mail bodies emptied) per setting. */
  removed: Record<keyof Retention, number>;
  /** Statements run, and the most rows one of them touched (never more than batchSize). */
  batches: number;
  largestBatch: number;
  /** The licence list's sorts whose page buckets were cut again (PostgreSQL). */
  recut: string[];
}

export class RetentionWorker extends PollingWorker {
  /** The clock: the renewal reminders' (ctx.renewalReminders.now), which tests move, as automatic renewal does. */
  now: () => Date;
  /** Rows a statement at most, and the pause between two (tests shorten it). */
  batchSize = 1000;
  pauseMs = 50;
  /** The last run this instance made, if any (tests and the log). */
  lastRun: RetentionRun | null = null;

  constructor(private readonly ctx: AppContext) {
    super(POLL_MS, (error) => ctx.log.error({ err: error }, 'retention pass failed'));
    this.now = () => ctx.renewalReminders.now();
  }

  protected async pass(): Promise<void> {
    const now = this.now();
    const token = randomUUID();
    if (!(await claimRun(this.ctx.db, { name: JOB, now, leaseMs: LEASE_MS, everyMs: RUN_EVERY_MS, token }))) return;
    const run: RetentionRun = {
      removed: { activity_days: 0, webhook_delivery_days: 0, email_body_days: 0, site_report_days: 0 },
      batches: 0,
      largestBatch: 0,
      recut: [],
    };
    try {
      const periods = this.ctx.settings.get('retention');
      for (const job of JOBS) {
        const days = periods[job.setting];
        if (days === 0) continue;
        const before = new Date(now.getTime() - days * DAY_MS).toISOString();
        for (;;) {
          const n = await job.prune(this.ctx.db, before, this.batchSize);
          run.batches += 1;
          run.largestBatch = Math.max(run.largestBatch, n);
          run.removed[job.setting] += n;
          if (n < this.batchSize || this.loop.isStopped) break;
          await sleep(this.pauseMs);
        }
      }
      // The day's upkeep of what keeps a big shop fast: PostgreSQL's buckets of the licence list's text sorts.
      run.recut = await recutLicensePages(this.ctx.db);
    } finally {
      await finishRun(this.ctx.db, JOB, token, this.now());
    }
    this.lastRun = run;
    this.ctx.log.info({ removed: run.removed, batches: run.batches, recut: run.recut }, 'retention run');
  }
}
