// The e-mail module's events (docs/architecture.md, "Events"): a queued message leaves once the change that
// queued it has committed, and held messages leave once the Settings give the shop an address.
import type { AppContext } from '../../kernel/context.js';
import type { Reactor } from '../../kernel/events.js';
import { deliverEmail, releaseHeldEmails } from './email.service.js';

declare module '../../kernel/events.js' {
  interface AppEvents {
    /** A message was put in the outbox (`emails` row `id`): queueEmail emits it. */
    'email.queued': { id: number };
  }
}

/** Held e-mails leave as soon as there is a shop address (docs/checkout.md, "Links in e-mails"). */
export async function releaseIfAddressed(ctx: AppContext): Promise<void> {
  if (ctx.settings.emailLinkBase()) await releaseHeldEmails(ctx);
}

export const emailReactors = (ctx: AppContext): Reactor[] => [
  // A change that queued an e-mail has it sent once the change has committed.
  async (events) => {
    for (const event of events) if (event.type === 'email.queued') await deliverEmail(ctx, event.data.id);
  },
  // The Settings changed (the `settings.updated` event): held e-mails leave if there is now an address.
  async (events) => {
    if (events.some((event) => event.type === 'settings.updated')) await releaseIfAddressed(ctx);
  },
];
