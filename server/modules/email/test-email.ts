import nodemailer from 'nodemailer';
import type { AppContext } from '../../kernel/context.js';
import { nowIso } from '../../lib/time.js';
import { deliverEmail } from './email.service.js';
import { countKeptEmails, requeueKeptEmails } from './email.repository.js';
import { mailFrom, type MailSender } from './mail-transport.js';
import { smtpTarget } from './smtp-settings.js';

/** Kept messages sent per release; the rest follow on the next delivered test or release. */
const RELEASE_BATCH = 500;

/** The server's own words when it refused (its SMTP reply), else the connection's error. */
function smtpAnswer(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  if (typeof response === 'string' && response !== '') return response;
  return typeof message === 'string' ? message : String(error);
}

/**
 * "Send a test e-mail" (the E-mail page): one message to `to` through the SMTP server now in use, on a connection of
 * its own; answers the server's reply (`250 …`) or why it failed. Nothing is stored in the outbox.
 */
export async function sendTestEmail(ctx: AppContext, to: string, sender: MailSender): Promise<{ ok: boolean; answer: string }> {
  const target = smtpTarget(ctx.config, ctx.settings);
  if (!target) return { ok: false, answer: 'No SMTP server is set: enter its host first.' };
  const transporter = nodemailer.createTransport(target.options);
  try {
    const info = await transporter.sendMail({
      from: mailFrom(target.from, sender),
      to,
      subject: `Test e-mail from ${sender.name || 'your shop'}`,
      text: 'This is the test e-mail sent from the E-mail page of your shop. It arrived, so buyers will receive their licence keys and receipts.',
    });
    return { ok: true, answer: info.response };
  } catch (error) {
    return { ok: false, answer: smtpAnswer(error) };
  } finally {
    transporter.close();
  }
}

/** Sends the messages kept while nothing could leave (once SMTP works); answers how many were attempted. */
export async function releaseKeptEmails(ctx: AppContext): Promise<number> {
  if (ctx.mail.kind !== 'smtp') return 0;
  const ids = await requeueKeptEmails(ctx.db, RELEASE_BATCH, nowIso());
  for (const id of ids) await deliverEmail(ctx, id);
  return ids.length;
}

export const countWaitingEmails = (ctx: AppContext): Promise<number> => countKeptEmails(ctx.db);
