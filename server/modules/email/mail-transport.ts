import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';
import { isSingleEmailAddress } from './email-address.js';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How a message leaves the server: SMTP when SMTP_URL is set; otherwise nothing leaves (the outbox keeps it). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = '8022 Plugins <no-reply@8022.dev>';

export function createMailTransport(config: Config): MailTransport {
  if (!config.SMTP_URL) return { kind: 'outbox', send: async () => undefined, close: () => undefined };
  const transporter = nodemailer.createTransport(config.SMTP_URL);
  const from = config.MAIL_FROM ?? DEFAULT_MAIL_FROM;
  return {
    kind: 'smtp',
    send: async (message) => {
      // Last line of defence: whatever stored the address, a header injection or a recipient list never leaves.
      if (!isSingleEmailAddress(message.to)) throw new Error(`Refused to send: ${JSON.stringify(message.to.slice(0, 300))} is not one e-mail address`);
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}
