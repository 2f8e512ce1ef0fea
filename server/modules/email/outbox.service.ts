// The admin's Outbox (docs/checkout.md, "E-mail"): every message the shop has sent or kept, with the tokens of its
// links masked, and a resend that delivers the stored original to its recipient (never to the admin).
import type { OutboxEntry, OutboxList, OutboxMessage } from '../../../common/outbox.js';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { pageCursors, readListCursor } from '../../lib/list-cursor.js';
import { maskLinkTokens } from '../../lib/redact.js';
import { nowIso } from '../../lib/time.js';
import { isTestPaymentsMode } from '../settings/index.js';
import { findEmailById, type EmailRow } from './email.repository.js';
import { deliverEmail } from './email.service.js';
import { insertEmailCopy, listEmailsToAddress, listOutboxKinds, listOutboxPage, type OutboxFilter } from './outbox.repository.js';

/** The Outbox's cursors name a message by its id (the list's one order). */
const OUTBOX_CURSOR = { name: 'outbox', kind: 'number' } as const;

const toEntry = (row: EmailRow): OutboxEntry => ({
  id: row.id,
  to: row.to_address,
  kind: row.kind,
  subject: row.subject,
  status: row.status,
  order_id: row.order_id,
  attempts: row.attempts,
  last_error: row.last_error === null ? null : maskLinkTokens(row.last_error),
  created_at: row.created_at,
  updated_at: row.updated_at,
  sent_at: row.sent_at,
});

/**
 * The message as the admin may read it: sign-in and download tokens masked once payments are live; in full while
 * the shop takes test payments, so the vendor can walk their own buyer's path (docs/payment-setup.md).
 */
const toMessage = (ctx: AppContext | null, row: EmailRow): OutboxMessage => {
  if (ctx && isTestPaymentsMode(ctx)) return { ...toEntry(row), text: row.text, html: row.html, links_masked: false };
  return { ...toEntry(row), text: maskLinkTokens(row.text), html: maskLinkTokens(row.html), links_masked: true };
};

/** A page of the Outbox: by number (an offset), or after or before a cursor of this list (issue 44). */
export async function listOutbox(
  ctx: AppContext,
  query: OutboxFilter & { page: number; per_page: number; after?: string; before?: string },
): Promise<OutboxList> {
  const { page, per_page: perPage, after, before, ...filter } = query;
  const cursor = readListCursor(after, before, OUTBOX_CURSOR);
  const [{ rows, total }, kinds] = await Promise.all([
    listOutboxPage(ctx.db, filter, { limit: perPage, offset: (page - 1) * perPage }, cursor),
    listOutboxKinds(ctx.db),
  ]);
  return { emails: rows.map(toEntry), total, page, per_page: perPage, kinds, ...pageCursors(rows, (row) => row.id, OUTBOX_CURSOR.name) };
}

/**
 * Every message sent to one address (a customer's page and its export, server/modules/customers), newest first,
 * tokens masked whatever the payments mode: what leaves the outbox view stays masked.
 */
export async function listMessagesToAddress(ctx: AppContext, address: string, limit = 200): Promise<OutboxMessage[]> {
  return (await listEmailsToAddress(ctx.db, address, limit)).map((row) => toMessage(null, row));
}

export async function findOutboxMessage(ctx: AppContext, id: number): Promise<OutboxMessage> {
  const row = await findEmailById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', `E-mail ${id} was not found`);
  return toMessage(ctx, row);
}

/**
 * Sends a message again, as a new outbox row (the original keeps its history): the stored text goes to the same
 * recipient, or, for a kind rendered when it leaves (a licence e-mail), the current one with a fresh download
 * link. Answers the new message, masked like any other.
 */
export async function resendOutboxMessage(ctx: AppContext, id: number): Promise<OutboxMessage> {
  const original = await findEmailById(ctx.db, id);
  if (!original) throw new AppError('NOT_FOUND', `E-mail ${id} was not found`);
  if (original.subject === '' && !ctx.emailRenderers.has(original.kind)) {
    throw new AppError('CONFLICT', `E-mail ${id} has not been written yet, so there is nothing to send again; wait for its first delivery`);
  }
  const copyId = await insertEmailCopy(ctx.db, original, nowIso());
  await deliverEmail(ctx, copyId);
  const copy = await findEmailById(ctx.db, copyId);
  if (!copy) throw new AppError('NOT_FOUND', `E-mail ${copyId} was not found`);
  return toMessage(ctx, copy);
}
