import { type Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// The audit log of admin writes (issue 42, docs/team.md "Audit log"); owner: server/modules/audit. Append-only: each
// entry's `hash` covers its fields and the previous entry's hash (`prev_hash`). `audit_chain_head` is one row: the
// last entry's id and hash (a removed last entry shows), and the hash of the last entry retention removed (the chain
// then starts from it); appends lock it, so concurrent writers chain one after another.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('request', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    // The digest of request, before and after, chained in their place: an erase may redact them (docs/team.md).
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('redacted_at', 'text')
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema
    .createTable('audit_chain_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('pruned_hash', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('audit_chain_head' as never)
    .values({ id: 1, last_id: 0, last_hash: 'genesis', pruned_hash: 'genesis' } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_chain_head').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
}
