// The email module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { isSingleEmailAddress } from './email-address.js';
export { textEmailHtml } from './email-html.js';
export { type EmailContent, NO_SHOP_ADDRESS } from './email-renderers.js';
export { type EmailRow, findEmailById, hasUnrenderedEmail, insertQueuedEmail, saveEmailContent, toOutboxEmail } from './email.repository.js';
export { deliverEmail, requireEmailLinkBase, retryDueEmails } from './email.service.js';
export { type EmailMessage, queueEmail } from './queue-email.js';
export { createMailTransport, mailFrom, type MailSender, type MailTransport } from './mail-transport.js';
export { clearOldEmailBodies, eraseEmailsToAddress } from './outbox.repository.js';
export { readSmtpSettings, SMTP_SETTING, smtpTarget, type SmtpSettings } from './smtp-settings.js';
export { countWaitingEmails, releaseKeptEmails, sendTestEmail } from './test-email.js';
export { listMessagesToAddress } from './outbox.service.js';

import type { MailTransport } from './mail-transport.js';

import type { EmailRenderers } from './email-renderers.js';

// The service this module offers every other through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** How e-mail leaves: SMTP when SMTP_URL is set, else nothing leaves (the outbox keeps it). */
    readonly mail: MailTransport;
    /** Kinds of e-mail rendered at send time, registered by the module that owns the kind (orders: the licence e-mail). */
    readonly emailRenderers: EmailRenderers;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerEmailRoutes } from './email.routes.js';
import { emailReactors } from './email-events.js';
import { startEmailRetryLoop } from './email.service.js';

/** What the composition root installs (server/services.ts). */
export const emailModule: AppModule = { name: 'email', routes: registerEmailRoutes, reactors: emailReactors, workers: startEmailRetryLoop };
