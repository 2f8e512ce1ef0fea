import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import { isSingleEmailAddress } from './email-address.js';
import type { SmtpTarget } from './smtp-settings.js';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (their values are the sender's own, never a buyer's text: no CR/LF reaches them). */
  headers?: Record<string, string>;
}

/** How a message leaves the server: SMTP when SMTP_URL is set; otherwise nothing leaves (the outbox keeps it). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** The sender address when neither MAIL_FROM nor the store's support address is set. */
export const DEFAULT_MAIL_ADDRESS = 'no-reply@localhost';

/** Who the shop's e-mail comes from, read at each send: the store's name and support address (the admin may change them). */
export interface MailSender {
  name: string;
  address: string | null;
}

/**
 * The From header: MAIL_FROM as given when it names its sender ("Shop <shop@example.com>"); otherwise its address,
 * else the store's support address (else DEFAULT_MAIL_ADDRESS), under the store's current name.
 */
export function mailFrom(mailFromSetting: string | undefined, sender: MailSender): string | { name: string; address: string } {
  if (mailFromSetting && /<[^>]+>\s*$/.test(mailFromSetting)) return mailFromSetting;
  return { name: sender.name, address: mailFromSetting?.trim() || sender.address || DEFAULT_MAIL_ADDRESS };
}

/**
 * SMTP when SMTP_URL is set or the E-mail page names a server (read at each send, so a change on any instance takes
 * effect without a restart: the settings sync); otherwise nothing leaves (the outbox keeps it).
 */
export function createMailTransport(
  config: Config,
  sender: () => MailSender = () => ({ name: '', address: null }),
  target: () => SmtpTarget | null = () => (config.SMTP_URL ? { options: config.SMTP_URL, from: config.MAIL_FROM, id: 'env' } : null),
): MailTransport {
  let current: { id: string; transporter: Transporter } | undefined;
  const transporterFor = (smtp: SmtpTarget): Transporter => {
    if (current?.id !== smtp.id) {
      current?.transporter.close();
      current = { id: smtp.id, transporter: nodemailer.createTransport(smtp.options) };
    }
    return current.transporter;
  };
  return {
    get kind() {
      return target() ? 'smtp' : 'outbox';
    },
    send: async (message) => {
      const smtp = target();
      if (!smtp) return;
      // Last line of defence: whatever stored the address, a header injection or a recipient list never leaves.
      if (!isSingleEmailAddress(message.to)) throw new Error(`Refused to send: ${JSON.stringify(message.to.slice(0, 300))} is not one e-mail address`);
      await transporterFor(smtp).sendMail({ from: mailFrom(smtp.from, sender()), ...message });
    },
    close: () => current?.transporter.close(),
  };
}
