import type { FastifyRequest } from 'fastify';
import type { EmailSetup, EmailSetupUpdate, TestEmailResult } from '../../../common/payment-setup.js';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { countWaitingEmails, readSmtpSettings, releaseKeptEmails, sendTestEmail, SMTP_SETTING, smtpTarget } from '../email/index.js';
import { mailSender } from '../storefront/index.js';
import { passwordRequired, requireRecentSignIn } from './recent-sign-in.js';

/** The internal setting of the last test e-mail: its answer and the SMTP target it went through. */
const SMTP_TEST_KEY = 'smtp_test';

interface StoredTest {
  ok: boolean;
  answer: string;
  at: string;
  target_id: string;
}

/** The last test e-mail through the SMTP server in use now, or null. */
function lastTest(ctx: AppContext): Omit<StoredTest, 'target_id'> | null {
  const stored = ctx.settings.getInternal(SMTP_TEST_KEY) as StoredTest | null | undefined;
  const target = smtpTarget(ctx.config, ctx.settings);
  if (!stored || !target || stored.target_id !== target.id) return null;
  return { ok: stored.ok, answer: stored.answer, at: stored.at };
}

/** The E-mail step of the checklist: a test e-mail was delivered through the server in use. */
export const emailWorking = (ctx: AppContext): boolean => lastTest(ctx)?.ok === true;

/** Where the test goes: the store's support address, else the sender. */
const testRecipient = (ctx: AppContext): string | null => mailSender(ctx.settings).address ?? readSmtpSettings(ctx.settings).sender;

export async function emailSetupView(ctx: AppContext, request: FastifyRequest): Promise<EmailSetup> {
  const fromEnvironment = ctx.config.SMTP_URL ? new URL(ctx.config.SMTP_URL) : null;
  const smtp = readSmtpSettings(ctx.settings);
  const common = {
    test_recipient: testRecipient(ctx),
    test: lastTest(ctx),
    waiting: await countWaitingEmails(ctx),
    password_required: await passwordRequired(ctx, request),
  };
  if (fromEnvironment) {
    return {
      ...common,
      source: 'environment',
      host: fromEnvironment.hostname,
      port: fromEnvironment.port ? Number(fromEnvironment.port) : null,
      security: fromEnvironment.protocol === 'smtps:' ? 'tls' : 'starttls',
      user: fromEnvironment.username ? decodeURIComponent(fromEnvironment.username) : null,
      password: { is_set: fromEnvironment.password !== '', last4: null, source: 'environment' },
      sender: ctx.config.MAIL_FROM ?? null,
    };
  }
  return { ...common, source: smtp.host ? 'admin' : null, ...smtp, password: ctx.settings.secretView('smtp_password') };
}

export async function saveEmailSetup(ctx: AppContext, request: FastifyRequest, body: EmailSetupUpdate): Promise<void> {
  if (ctx.config.SMTP_URL) throw new AppError('CONFLICT', 'SMTP_URL is set by the environment, which wins: change it there (docs/secrets.md).');
  const { admin_password: adminPassword, password, ...fields } = body;
  if (password !== undefined) await requireRecentSignIn(ctx, request, adminPassword);
  const current = readSmtpSettings(ctx.settings);
  const next = { ...current, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
  await ctx.settings.setInternal({ [SMTP_SETTING]: { ...next, sender: next.sender || null } });
  if (password !== undefined) await ctx.settings.setSecrets({ smtp_password: password });
}

/** "Send a test e-mail": the server's answer, kept for the checklist; once delivered, the e-mails kept meanwhile leave. */
export async function testEmail(ctx: AppContext): Promise<TestEmailResult> {
  const to = testRecipient(ctx);
  if (!to) throw new AppError('CONFLICT', "There is no address to send the test to: enter the store's support e-mail (Storefront) or a sender first.");
  const target = smtpTarget(ctx.config, ctx.settings);
  const result = await sendTestEmail(ctx, to, mailSender(ctx.settings));
  if (target) await ctx.settings.setInternal({ [SMTP_TEST_KEY]: { ...result, at: nowIso(), target_id: target.id } });
  const released = result.ok ? await releaseKeptEmails(ctx) : 0;
  return { ...result, sent_to: to, released };
}
