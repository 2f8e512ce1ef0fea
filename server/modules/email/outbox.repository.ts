// The admin Outbox's queries on the emails table (owned by this module; docs/architecture.md): a filtered page of
// messages, their count, the kinds present, and a copy of a message for a resend.
import { sql } from 'kysely';
import { mentions, replaceMentions } from '../../lib/scrub.js';
import type { EmailRow } from './email.repository.js';
import { MAX_EMAIL_ATTEMPTS } from './email.service.js';
import { isPostgres } from '../../db/portable.js';
import { pageStart } from '../../db/page-counts.js';
import { ftsPhrase, TRIGRAM_MIN } from '../../db/substring-search.js';
import type { Db } from '../../db/database.js';
import type { ListCursor } from '../../lib/list-cursor.js';

export interface OutboxFilter {
  kind?: string;
  status?: string;
  /** Part of the recipient's address, case-insensitive. */
  search?: string;
}

/** `value` for a LIKE pattern, with its wildcards taken literally (escape character: a backslash). */
const likeLiteral = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function filtered(db: Db, filter: OutboxFilter) {
  let query = db.selectFrom('emails');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  const search = filter.search?.trim().toLowerCase();
  if (!search) return query;
  const pattern = `%${likeLiteral(search)}%`;
  // Three characters or more: SQLite, the recipients' trigram table (0065-list-search); PostgreSQL, the addresses that
  // contain it (0086-email-recipients' trigram index), then their messages on the address index.
  if (search.length < TRIGRAM_MIN) return query.where(sql<boolean>`lower(to_address) like ${pattern} escape '\\'`);
  return isPostgres(db)
    ? query.where(sql<boolean>`lower(to_address) in (select address from email_recipients where address like ${pattern} escape '\\')`)
    : query.where(sql<boolean>`id in (select rowid from email_search where email_search match ${ftsPhrase(search)})`);
}

/** How many messages match filters without a search: the counts kept by 0080-email-counts' triggers, not a count. */
async function countKept(db: Db, filter: OutboxFilter): Promise<number> {
  let query = db.selectFrom('email_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('n'), sql<number>`0`).as('n'));
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * One page of messages, newest first, and how many match on all pages. With a cursor (server/lib/list-cursor.ts;
 * its value is the id) the page after or before that message, off the id's index from there, whatever its depth.
 */
export async function listOutboxPage(
  db: Db,
  filter: OutboxFilter,
  page: { limit: number; offset: number },
  cursor?: ListCursor,
): Promise<{ rows: EmailRow[]; total: number }> {
  // The page's ids first, off a narrow index (on SQLite `emails_id`, 0066-outbox-page; the kind's (kind, id)), then
  // only those rows: a deep page walks index entries, not whole messages. The page before a cursor is the ids
  // nearest it, read upwards.
  if (filter.search?.trim()) return searchedPage(db, filter, page, cursor);
  let ids = filtered(db, filter).select('id');
  if (cursor?.side === 'after') ids = ids.where('id', '<', cursor.id).orderBy('id', 'desc');
  else if (cursor) ids = ids.where('id', '>', cursor.id).orderBy('id', 'asc');
  else {
    // PostgreSQL, a deep page of every message: from the block of ids the kept counts place it in (server/db/page-counts.ts).
    const counted = filter.kind || filter.status ? undefined : await pageStart(db, 'email_page_counts', 'id', page.offset, true);
    if (counted?.bound) ids = ids.where('id', '<', counted.bound.id);
    ids = ids.orderBy('id', 'desc').offset(counted?.skip ?? page.offset);
  }
  const [rows, total] = await Promise.all([
    db.selectFrom('emails').selectAll().where('id', 'in', ids.limit(page.limit)).orderBy('id', 'desc').execute(),
    countKept(db, filter),
  ]);
  return { rows, total };
}

/**
 * A search's page and count from one pass over its matches: the ids the trigram index answers are made once
 * (materialized) and give both: the page and the count each made them before (bench/README.md, issue 44).
 */
async function searchedPage(db: Db, filter: OutboxFilter, page: { limit: number; offset: number }, cursor?: ListCursor) {
  const matches = db.with(
    (cte) => cte('m').materialized(),
    () => filtered(db, filter).select('id'),
  );
  let ids = matches.selectFrom('m').select((eb) => ['m.id', eb.selectFrom('m').select(eb.fn.countAll<number | string>().as('n')).as('total')]);
  if (cursor?.side === 'after') ids = ids.where('m.id', '<', cursor.id).orderBy('m.id', 'desc');
  else if (cursor) ids = ids.where('m.id', '>', cursor.id).orderBy('m.id', 'asc');
  else ids = ids.orderBy('m.id', 'desc').offset(page.offset);
  const found = await ids.limit(page.limit).execute();
  // A page past the last match (or a cursor's page with none) still needs the count.
  const total =
    found[0] !== undefined
      ? Number(found[0].total)
      : cursor || page.offset > 0
        ? Number(
            (
              await filtered(db, filter)
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        : 0;
  if (found.length === 0) return { rows: [], total };
  const rows = await db
    .selectFrom('emails')
    .selectAll()
    .where(
      'id',
      'in',
      found.map((row) => row.id),
    )
    .orderBy('id', 'desc')
    .execute();
  return { rows, total };
}

/**
 * Every kind of message the outbox holds, alphabetically: one step of the (kind, id) index per kind (a recursive
 * "next kind after this one"), not a read of every message.
 */
export async function listOutboxKinds(db: Db): Promise<string[]> {
  const rows = await sql<{ kind: string }>`with recursive k(kind) as (
      select min(kind) from emails
      union all select (select min(kind) from emails where kind > k.kind) from k where k.kind is not null
    ) select kind from k where kind is not null`.execute(db);
  return rows.rows.map((row) => row.kind);
}

/** A new message with the original's recipient, kind, order and content, queued for delivery; answers its id. */
export async function insertEmailCopy(db: Db, original: EmailRow, at: string): Promise<number> {
  const row = await db
    .insertInto('emails')
    .values({
      to_address: original.to_address,
      kind: original.kind,
      order_id: original.order_id,
      dedupe_key: null,
      subject: original.subject,
      text: original.text,
      html: original.html,
      status: 'pending',
      attempts: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every message to one address (compared lower-cased; the `emails_to_address_lower` index), newest first. */
export async function listEmailsToAddress(db: Db, address: string, limit: number): Promise<EmailRow[]> {
  return db
    .selectFrom('emails')
    .selectAll()
    .where(sql<string>`lower(to_address)`, '=', address.trim().toLowerCase())
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Erases what the outbox holds of one address: the recipient becomes `replacement`, subject and bodies are emptied,
 * and a message not sent yet never leaves (failed, saying why). Messages to others that mention the address (an
 * e-mail change's notice to the new address, a transfer's to the new owner) keep their text with the address
 * replaced.
 */
export async function eraseEmailsToAddress(db: Db, address: string, replacement: string, at: string): Promise<void> {
  // Failed with every attempt spent: the retry (listEmailsDueForRetry) never picks it up again.
  await db
    .updateTable('emails')
    .set({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS, last_error: 'The customer was erased: not sent', updated_at: at })
    .where(sql<string>`lower(to_address)`, '=', address)
    .where('status', 'in', ['pending', 'failed', 'held'])
    .execute();
  await db
    .updateTable('emails')
    .set({ to_address: replacement, subject: '', text: '', html: '', updated_at: at })
    .where(sql<string>`lower(to_address)`, '=', address)
    .execute();
  const mentioning = await db
    .selectFrom('emails')
    .select(['id', 'subject', 'text', 'html'])
    .where((eb) => eb.or([mentions('subject', address), mentions('text', address), mentions('html', address)]))
    .execute();
  for (const row of mentioning) {
    const [subject, text, html] = [row.subject, row.text, row.html].map((value) => replaceMentions(value, address, replacement));
    await db.updateTable('emails').set({ subject, text, html, updated_at: at }).where('id', '=', row.id).execute();
  }
}

/**
 * Retention (docs/big-shop.md): empties the bodies (text, html) of at most `limit` sent or failed messages made before
 * `before`, oldest first, off their partial index (0078); the row stays in the Outbox with its recipient, subject and
 * status. Answers how many.
 */
export async function clearOldEmailBodies(db: Db, before: string, limit: number): Promise<number> {
  const oldest = db
    .selectFrom('emails')
    .select('id')
    .where(sql<boolean>`status in ('sent', 'failed') and text <> ''`) // as the index says (SQLite matches it as written)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit);
  const result = await db.updateTable('emails').set({ text: '', html: '' }).where('id', 'in', oldest).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
