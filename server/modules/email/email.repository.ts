import type { Selectable } from 'kysely';
import type { EmailsTable } from '../../db/schema.js';
import type { EmailStatus, OutboxEmail } from '../../../common/orders.js';
import type { Db } from '../../db/database.js';

export type EmailRow = Selectable<EmailsTable>;
/** Queues a message to be rendered and delivered after the transaction commits. */
export async function insertQueuedEmail(
  db: Db,
  email: { to_address: string; kind: string; order_id: number | null; dedupe_key: string | null; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('emails')
    .values({ ...email, subject: '', text: '', html: '', status: 'pending', attempts: 0, updated_at: email.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findEmailById(db: Db, id: number): Promise<EmailRow | undefined> {
  return db.selectFrom('emails').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims a message for one delivery attempt: only one caller can move it from pending/failed/held to
 * sending, so a post-commit delivery, the periodic retry and a release never send the same message twice.
 */
export async function claimEmailForDelivery(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('emails')
    .set((eb) => ({ status: 'sending', attempts: eb('attempts', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed', 'held'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A claimed message that cannot leave yet goes back to the outbox as `held`, with why; the claim's attempt is not counted. */
export async function holdEmail(db: Db, id: number, reason: string, at: string): Promise<void> {
  await db
    .updateTable('emails')
    .set((eb) => ({ status: 'held', attempts: eb('attempts', '-', 1), last_error: reason, updated_at: at }))
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** The oldest held messages, to send once their cause is gone. */
export async function listHeldEmailIds(db: Db, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('emails').select('id').where('status', '=', 'held').orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

export async function countHeldEmails(db: Db): Promise<number> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Whether `to` already has an unsent message of `kind` with no content yet (held, or on its way to being held). */
export async function hasUnrenderedEmail(db: Db, input: { to: string; kind: string }): Promise<boolean> {
  const row = await db
    .selectFrom('emails')
    .select('id')
    .where('to_address', '=', input.to)
    .where('kind', '=', input.kind)
    .where('status', 'in', ['pending', 'sending', 'failed', 'held'])
    .where('text', '=', '')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveEmailContent(db: Db, id: number, content: { subject: string; text: string; html: string }): Promise<void> {
  await db.updateTable('emails').set({ subject: content.subject, text: content.text, html: content.html }).where('id', '=', id).execute();
}

export async function finishEmail(
  db: Db,
  id: number,
  outcome: { status: Extract<EmailStatus, 'sent' | 'outbox' | 'failed'>; last_error?: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('emails')
    .set({
      status: outcome.status,
      last_error: outcome.last_error ?? null,
      updated_at: outcome.at,
      ...(outcome.status === 'failed' ? {} : { sent_at: outcome.at }),
    })
    .where('id', '=', id)
    .execute();
}

/** A message left in `sending` by a process that died mid-send becomes failed, so the retry picks it up. */
export async function releaseStaleSendingEmails(db: Db, before: string): Promise<void> {
  // updated_at is kept, so the released message is due for a retry at once.
  await db
    .updateTable('emails')
    .set({ status: 'failed', last_error: 'delivery was interrupted' })
    .where('status', '=', 'sending')
    .where('updated_at', '<', before)
    .execute();
}

/** Messages due another attempt: failed ones below the attempt limit, and pending ones a crash left behind. */
export async function listEmailsDueForRetry(db: Db, input: { maxAttempts: number; failedBefore: string; pendingBefore: string }): Promise<number[]> {
  const rows = await db
    .selectFrom('emails')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'failed'), eb('attempts', '<', input.maxAttempts), eb('updated_at', '<', input.failedBefore)]),
        eb.and([eb('status', '=', 'pending'), eb('updated_at', '<', input.pendingBefore)]),
      ]),
    )
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((row) => row.id);
}

export const toOutboxEmail = (row: EmailRow): OutboxEmail => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  html: row.html,
  status: row.status as EmailStatus,
  order_id: row.order_id,
  attempts: row.attempts,
  last_error: row.last_error,
  created_at: row.created_at,
  sent_at: row.sent_at,
});

export async function listEmails(db: Db, filter: { orderId?: number } = {}): Promise<OutboxEmail[]> {
  let query = db.selectFrom('emails').selectAll().orderBy('id', 'desc').limit(500);
  if (filter.orderId !== undefined) query = query.where('order_id', '=', filter.orderId);
  return (await query.execute()).map(toOutboxEmail);
}

/** Messages kept in the outbox while no SMTP server was set (status `outbox`). */
export async function countKeptEmails(db: Db): Promise<number> {
  const row = await db
    .selectFrom('emails')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('status', '=', 'outbox')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Moves up to `limit` kept messages back to pending, the oldest first, and answers their ids (each moved once). */
export async function requeueKeptEmails(db: Db, limit: number, at: string): Promise<number[]> {
  const rows = await db.selectFrom('emails').select('id').where('status', '=', 'outbox').orderBy('id').limit(limit).execute();
  const ids: number[] = [];
  for (const { id } of rows) {
    const result = await db
      .updateTable('emails')
      .set({ status: 'pending', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'outbox')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) ids.push(id);
  }
  return ids;
}
