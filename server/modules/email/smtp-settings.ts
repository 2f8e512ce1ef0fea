import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Config } from '../../config.js';
import { SMTP_SECURITY } from '../../../common/payment-setup.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { SettingsService } from '../settings/index.js';

// The SMTP server entered on the E-mail page (issue 41; docs/payment-setup.md). SMTP_URL, when set, wins. The
// password is a sealed secret (`smtp_password`); the rest is one plain setting.

/** The internal setting holding host, port, security, user and sender. */
export const SMTP_SETTING = 'smtp';

export interface SmtpSettings {
  host: string | null;
  port: number | null;
  security: (typeof SMTP_SECURITY)[number];
  user: string | null;
  sender: string | null;
}

export function readSmtpSettings(settings: SettingsService): SmtpSettings {
  const stored = (settings.getInternal(SMTP_SETTING) ?? {}) as Partial<SmtpSettings>;
  return {
    host: stored.host || null,
    port: typeof stored.port === 'number' ? stored.port : null,
    security: SMTP_SECURITY.includes(stored.security as SmtpSettings['security']) ? (stored.security as SmtpSettings['security']) : 'starttls',
    user: stored.user || null,
    sender: stored.sender || null,
  };
}

/** What nodemailer is given: SMTP_URL, else the E-mail page's server; null while neither is set (the outbox keeps e-mail). */
export interface SmtpTarget {
  options: string | SMTPTransport.Options;
  /** MAIL_FROM, else the page's sender (else the store's support address, mail-transport.ts). */
  from: string | undefined;
  /** Changes whenever anything of the target does (a test's answer is kept for one target). */
  id: string;
}

export function smtpTarget(config: Config, settings: SettingsService): SmtpTarget | null {
  if (config.SMTP_URL) return { options: config.SMTP_URL, from: config.MAIL_FROM, id: sha256Hex(`smtp ${config.SMTP_URL}`).slice(0, 16) };
  const smtp = readSmtpSettings(settings);
  if (!smtp.host) return null;
  const password = settings.getSecret('smtp_password');
  const port = smtp.port ?? (smtp.security === 'tls' ? 465 : 587);
  const options: SMTPTransport.Options = {
    host: smtp.host,
    port,
    secure: smtp.security === 'tls',
    ignoreTLS: smtp.security === 'none',
    requireTLS: smtp.security === 'starttls',
    ...(smtp.user ? { auth: { user: smtp.user, pass: password ?? '' } } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
  };
  const id = sha256Hex(`smtp ${JSON.stringify([smtp, port, password])}`).slice(0, 16);
  return { options, from: config.MAIL_FROM ?? smtp.sender ?? undefined, id };
}
