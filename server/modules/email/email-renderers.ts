// The outbox renders some kinds of message at send time, from the data as it is then: a retry or a resend
// of orders' licence e-mail carries a fresh download link. The module owning a kind registers its renderer
// on ctx.emailRenderers when its routes are registered; the e-mail module knows no kind.
import type { AppContext } from '../../kernel/context.js';
import type { EmailRow } from './email.repository.js';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra headers the message leaves with (e.g. RFC 8058 List-Unsubscribe); not stored. */
  headers?: Record<string, string>;
}

/** Renders one queued message of its kind from the current data (it may throw: the attempt then fails and is retried). */
export type EmailRenderer = (ctx: AppContext, email: EmailRow) => Promise<EmailContent>;

/** Renderers by the emails table's `kind`. A kind without one is sent as stored (its content was written when it was queued). */
export type EmailRenderers = Map<string, EmailRenderer>;

/** Why an e-mail with links waits: no Base URL and no confirmed shop address (docs/checkout.md, "Links in e-mails"). */
export const NO_SHOP_ADDRESS = "no shop address: set the Base URL in Settings or confirm the shop's address";

/**
 * Thrown by a renderer when the message cannot leave yet: it is kept in the outbox with status `held` and
 * this reason (not a failed attempt), and sent once its cause is gone (releaseHeldEmails).
 */
export class EmailOnHold extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'EmailOnHold';
  }
}
