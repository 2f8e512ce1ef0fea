import type { AppContext } from '../../context.js';
import { nowIso } from '../../lib/time.js';
import { maskEmailAddress } from '../../lib/redact.js';
import { findPluginBySlug } from '../plugins/plugins.repository.js';
import { createDownloadUrl } from '../releases/download-links.js';
import { findOrderById } from '../orders/orders.repository.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';
import { DOWNLOAD_LINK_TTL_SECONDS, renderLicenceEmail } from './licence-email.js';
import {
  claimEmailForDelivery,
  findEmailById,
  finishEmail,
  listEmailsDueForRetry,
  releaseStaleSendingEmails,
  saveEmailContent,
  type EmailRow,
} from './email.repository.js';

export const MAX_EMAIL_ATTEMPTS = 5;
const RETRY_INTERVAL_MS = 60_000;
const STALE_SENDING_MS = 10 * 60_000;

const transports = new WeakMap<AppContext, MailTransport>();

/** The app's mail transport (created on first use; tests may replace it). */
export function mailTransport(ctx: AppContext): MailTransport {
  let transport = transports.get(ctx);
  if (!transport) {
    transport = createMailTransport(ctx.config);
    transports.set(ctx, transport);
  }
  return transport;
}

export function setMailTransport(ctx: AppContext, transport: MailTransport): void {
  transports.get(ctx)?.close();
  transports.set(ctx, transport);
}

const fallbackBaseUrl = (ctx: AppContext): string => `http://localhost:${ctx.config.PORT}`;

/** Renders a queued message from the current data, so a resend or retry carries a fresh download link. */
async function renderEmail(ctx: AppContext, email: EmailRow): Promise<{ subject: string; text: string; html: string }> {
  if (email.kind !== 'licence' || email.order_id === null) return { subject: email.subject, text: email.text, html: email.html };
  const order = await findOrderById(ctx.db, email.order_id);
  if (!order || order.license_id === null) throw new Error(`order ${email.order_id} has no licence to send`);
  const licence = await ctx.db.selectFrom('licenses').select(['id', 'key']).where('id', '=', order.license_id).executeTakeFirstOrThrow();
  const plugin = await findPluginBySlug(ctx.db, order.plugin_slug);
  // Without a base URL, the host the buyer (or the Lemon Squeezy webhook) reached this server on.
  const baseUrl = ctx.settings.baseUrl(order.origin ?? fallbackBaseUrl(ctx));
  const downloadUrl = await createDownloadUrl(ctx, {
    licenseId: licence.id,
    pluginSlug: order.plugin_slug,
    ttlSeconds: DOWNLOAD_LINK_TTL_SECONDS,
    baseUrl,
  });
  return renderLicenceEmail({ pluginName: plugin?.name ?? order.plugin_slug, licenceKey: licence.key, downloadUrl, accountUrl: baseUrl });
}

/**
 * One delivery attempt of a queued message. Never throws: a failure is recorded on the message
 * (status failed, last_error) and the periodic retry picks it up; the order is untouched.
 */
export async function deliverEmail(ctx: AppContext, emailId: number): Promise<void> {
  if (!(await claimEmailForDelivery(ctx.db, emailId, nowIso()))) return;
  try {
    const email = await findEmailById(ctx.db, emailId);
    if (!email) return;
    const content = await renderEmail(ctx, email);
    await saveEmailContent(ctx.db, emailId, content);
    const transport = mailTransport(ctx);
    if (transport.kind === 'outbox') {
      // The text carries the licence key and a signed download link: it stays in the outbox (admin), not the log.
      ctx.log.info({ emailId, to: maskEmailAddress(email.to_address), subject: content.subject }, 'e-mail kept in the outbox (SMTP_URL is not set)');
      await finishEmail(ctx.db, emailId, { status: 'outbox', at: nowIso() });
      return;
    }
    await transport.send({ to: email.to_address, ...content });
    await finishEmail(ctx.db, emailId, { status: 'sent', at: nowIso() });
  } catch (error) {
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
  return ids.length;
}

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
  return () => {
    clearInterval(timer);
    transports.get(ctx)?.close();
  };
}
