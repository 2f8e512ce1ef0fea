import type { AppContext } from '../../context.js';
import { nowIso } from '../../lib/time.js';
import { maskEmailAddress } from '../../lib/redact.js';
import { EmailOnHold, NO_SHOP_ADDRESS, type EmailContent } from './email-renderers.js';
import {
  claimEmailForDelivery,
  countHeldEmails,
  findEmailById,
  finishEmail,
  holdEmail,
  listEmailsDueForRetry,
  listHeldEmailIds,
  releaseStaleSendingEmails,
  saveEmailContent,
  type EmailRow,
} from './email.repository.js';

export const MAX_EMAIL_ATTEMPTS = 5;
const RETRY_INTERVAL_MS = 60_000;
const STALE_SENDING_MS = 10 * 60_000;
/** Held messages sent per release call; the retry loop sends the rest a minute later. */
const RELEASE_BATCH = 50;

/**
 * The base of an e-mail's links (ctx.settings.emailLinkBase: Base URL, BASE_URL or the admin-confirmed
 * address); without one the renderer stops here and the message is held in the outbox (deliverEmail).
 */
export function requireEmailLinkBase(ctx: AppContext): string {
  const base = ctx.settings.emailLinkBase();
  if (!base) throw new EmailOnHold(NO_SHOP_ADDRESS);
  return base;
}

/** The message as it leaves now: rendered from the current data when its kind has a renderer, else as stored. */
async function renderEmail(ctx: AppContext, email: EmailRow): Promise<EmailContent> {
  const render = ctx.emailRenderers.get(email.kind);
  return render ? render(ctx, email) : { subject: email.subject, text: email.text, html: email.html };
}

/**
 * One delivery attempt of a queued message. Never throws: a failure is recorded on the message
 * (status failed, last_error) and the periodic retry picks it up; the order is untouched. A message its
 * renderer holds (EmailOnHold: no shop address yet) is kept unsent as `held` until releaseHeldEmails.
 */
export async function deliverEmail(ctx: AppContext, emailId: number): Promise<void> {
  if (!(await claimEmailForDelivery(ctx.db, emailId, nowIso()))) return;
  try {
    const email = await findEmailById(ctx.db, emailId);
    if (!email) return;
    const content = await renderEmail(ctx, email);
    await saveEmailContent(ctx.db, emailId, content);
    const transport = ctx.mail;
    if (transport.kind === 'outbox') {
      // The text may carry a licence key or a signed link: it stays in the outbox (admin), not the log.
      ctx.log.info({ emailId, to: maskEmailAddress(email.to_address), subject: content.subject }, 'e-mail kept in the outbox (SMTP_URL is not set)');
      await finishEmail(ctx.db, emailId, { status: 'outbox', at: nowIso() });
      return;
    }
    await transport.send({ to: email.to_address, ...content });
    await finishEmail(ctx.db, emailId, { status: 'sent', at: nowIso() });
  } catch (error) {
    if (error instanceof EmailOnHold) {
      ctx.log.warn({ emailId, reason: error.reason }, 'e-mail held in the outbox');
      await holdEmail(ctx.db, emailId, error.reason, nowIso()).catch((holdError: unknown) =>
        ctx.log.error({ emailId, err: holdError }, 'could not record the held e-mail'),
      );
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ emailId, err: error }, 'e-mail delivery failed; it will be retried');
    await finishEmail(ctx.db, emailId, { status: 'failed', last_error: message.slice(0, 500), at: nowIso() }).catch((finishError: unknown) =>
      ctx.log.error({ emailId, err: finishError }, 'could not record the failed e-mail delivery'),
    );
  }
}

/** Retries failed messages (and pending or sending ones a crash left behind); answers how many were attempted. */
export async function retryDueEmails(ctx: AppContext, now: Date = new Date()): Promise<number> {
  await releaseStaleSendingEmails(ctx.db, new Date(now.getTime() - STALE_SENDING_MS).toISOString());
  const ids = await listEmailsDueForRetry(ctx.db, {
    maxAttempts: MAX_EMAIL_ATTEMPTS,
    failedBefore: new Date(now.getTime() - RETRY_INTERVAL_MS / 2).toISOString(),
    pendingBefore: new Date(now.getTime() - RETRY_INTERVAL_MS).toISOString(),
  });
  for (const id of ids) await deliverEmail(ctx, id);
  // Held messages wait for a shop address; once there is one (set here, on another instance or in BASE_URL), they leave.
  return ids.length + (ctx.settings.emailLinkBase() ? await releaseHeldEmails(ctx) : 0);
}

/**
 * Sends held messages (the oldest first, up to RELEASE_BATCH; the retry loop sends the rest), rendered now:
 * called when the admin confirms the shop's address or sets the Base URL. Answers how many were attempted.
 */
export async function releaseHeldEmails(ctx: AppContext): Promise<number> {
  const ids = await listHeldEmailIds(ctx.db, RELEASE_BATCH);
  for (const id of ids) await deliverEmail(ctx, id);
  return ids.length;
}

/** How many messages wait for a shop address (the admin's warning). */
export const countEmailsOnHold = (ctx: AppContext): Promise<number> => countHeldEmails(ctx.db);

/** Runs the retry every minute while the app is open. */
export function startEmailRetryLoop(ctx: AppContext): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    retryDueEmails(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'e-mail retry failed'))
      .finally(() => {
        running = false;
      });
  }, RETRY_INTERVAL_MS);
  timer.unref();
  // The transport itself is closed with the app (server/services.ts).
  return () => clearInterval(timer);
}

// What other modules use of this one: they import it only through its service files (docs/contributing.md).
export { findEmailById, hasUnrenderedEmail, insertQueuedEmail, saveEmailContent, toOutboxEmail } from './email.repository.js';
export { EmailOnHold, NO_SHOP_ADDRESS } from './email-renderers.js';
export { isSingleEmailAddress } from './email-address.js';

export { eraseEmailsToAddress } from './outbox.repository.js';
