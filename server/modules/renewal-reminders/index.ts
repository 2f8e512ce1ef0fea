// The renewal-reminders module's door (docs/renewal-reminders.md): reminder e-mails before and after a licence's
// expiry, the `license.expired` event and the unsubscribe link. Every other file in this folder is private to
// the module (eslint.config.js; docs/architecture.md).
export { ReminderWorker, REMINDER_EMAIL_KIND, REMINDER_POLL_INTERVAL_MS } from './reminder-worker.js';

import type { ReminderWorker } from './reminder-worker.js';

// The service this module offers through the context (server/kernel/context.ts).
declare module '../../kernel/context.js' {
  interface AppServices {
    /** The renewal reminder worker (started by this module's registration; tests move its clock). */
    readonly renewalReminders: ReminderWorker;
  }
}

import type { AppModule } from '../../kernel/module.js';
import { registerRenewalReminderRoutes } from './renewal-reminders.routes.js';
import { renderReminderEmail } from './reminder-email.js';
import { REMINDER_EMAIL_KIND } from './reminder-worker.js';

/** What the composition root installs (server/services.ts). The reminder worker is stopped with the app (server/services.ts). */
export const renewalRemindersModule: AppModule = {
  name: 'renewal-reminders',
  routes: registerRenewalReminderRoutes,
  emailRenderers: { [REMINDER_EMAIL_KIND]: renderReminderEmail },
  workers: (ctx) => ctx.renewalReminders.start(),
};
