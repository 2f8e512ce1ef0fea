// SQL on `audit_log` and `audit_chain_head` (server/db/migrations/0057-audit-log.ts). Appends lock the head row,
// so entries chain one after another even when several instances write at once (SQLite serialises anyway).
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AuditLogTable, DB } from '../../db/schema.js';
import { sha256Hex } from '../../lib/crypto.js';
import { isPostgres } from '../../db/portable.js';
import { mentions, replaceMentions } from '../../lib/scrub.js';

export type AuditFields = Omit<AuditLogTable, 'id' | 'prev_hash' | 'hash' | 'content_hash' | 'redacted_at'>;
export type AuditRow = AuditFields & { id: number; prev_hash: string; hash: string; content_hash: string; redacted_at: string | null };

/** The digest of what an entry says changed: chained in its place, so an erase can redact the text (docs/team.md). */
export const contentHash = (e: Pick<AuditFields, 'request' | 'before' | 'after'>): string => sha256Hex(JSON.stringify([e.request, e.before, e.after]));

/** The hash of an entry: its fields, the digest of its content, and the previous entry's hash. */
export const entryHash = (prevHash: string, e: Omit<AuditFields, 'request' | 'before' | 'after'> & { content_hash: string }): string =>
  sha256Hex(`${prevHash}\n${JSON.stringify([e.at, e.actor_kind, e.actor_id, e.actor, e.ip, e.method, e.route, e.url, e.status, e.content_hash])}`);

// PostgreSQL: the row lock serialises appends; SQLite runs one write transaction at a time.
const lockHead = (trx: Transaction<DB>) => {
  const query = trx.selectFrom('audit_chain_head').selectAll().where('id', '=', 1);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirstOrThrow();
};

/** Appends an entry after the last one; first removes up to 500 entries older than `keepAfter` (retention). */
export async function appendEntry(db: Database, fields: AuditFields, keepAfter: string | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const head = await lockHead(trx);
    let prunedHash = head.pruned_hash;
    if (keepAfter) {
      const old = await trx.selectFrom('audit_log').select(['id', 'hash']).where('at', '<', keepAfter).orderBy('id').limit(500).execute();
      const last = old.at(-1);
      if (last) {
        await trx.deleteFrom('audit_log').where('id', '<=', last.id).execute();
        prunedHash = last.hash;
      }
    }
    const content_hash = contentHash(fields);
    const hash = entryHash(head.last_hash, { ...fields, content_hash });
    const inserted = await trx
      .insertInto('audit_log')
      .values({ ...fields, content_hash, prev_hash: head.last_hash, hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('audit_chain_head').set({ last_id: inserted.id, last_hash: hash, pruned_hash: prunedHash }).where('id', '=', 1).execute();
    return inserted.id;
  });
}

export interface AuditFilter {
  q?: string;
  actor?: string;
  method?: string;
  from?: string;
  to?: string;
}

export function filteredEntries(db: Database, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.method) query = query.where('method', '=', filter.method);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.q) {
    // A substring of the route, the URL, the actor or what changed; LIKE's own wildcards are taken literally.
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (['url', 'actor', 'request', 'before', 'after'] as const).map(
          (column) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return query;
}

export const readHead = (db: Database) => db.selectFrom('audit_chain_head').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();

/** Entries in chain order, a page at a time, for verification and export. */
export const entriesAfter = (db: Database, afterId: number, limit: number): Promise<AuditRow[]> =>
  db.selectFrom('audit_log').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();

/**
 * A customer's erase (docs/customers.md): every mention of `address` in what entries say changed is replaced, and
 * the entry marked redacted. The chain still verifies: it holds the content's digest, not the content.
 */
export async function redactAuditMentions(trx: Transaction<DB>, address: string, replacement: string, at: string): Promise<void> {
  const rows = await trx
    .selectFrom('audit_log')
    .select(['id', 'request', 'before', 'after'])
    .where((eb) => eb.or((['request', 'before', 'after'] as const).map((column) => mentions(column, address))))
    .execute();
  for (const row of rows) {
    const scrub = (text: string | null) => (text === null ? null : replaceMentions(text, address, replacement));
    await trx
      .updateTable('audit_log')
      .set({ request: scrub(row.request), before: scrub(row.before), after: scrub(row.after), redacted_at: at })
      .where('id', '=', row.id)
      .execute();
  }
}
