import { sql } from 'kysely';
import type { AppContext } from '../../kernel/context.js';

// What an erase does below the rows (docs/customers.md, "Erase"). SQLite keeps older page images in the WAL until
// a checkpoint, and without secure_delete the old bytes of a changed row in the page's free space. Every
// connection zeroes what it frees inside pages it writes anyway (`secure_delete = fast`, server/db/database.ts);
// during an erase whole freed pages are zeroed too (`on`), and afterwards the WAL is copied back and truncated,
// so the erased address is no longer anywhere in the database's files. PostgreSQL keeps old row versions until
// (auto)vacuum reclaims them.

/** Runs `erase` with SQLite's secure_delete on, then checkpoints and truncates the WAL. */
export async function withErasedStorage<T>(ctx: AppContext, erase: () => Promise<T>): Promise<T> {
  if (ctx.dialect !== 'sqlite') return erase();
  await sql`pragma secure_delete = on`.execute(ctx.db);
  try {
    return await erase();
  } finally {
    await sql`pragma secure_delete = fast`.execute(ctx.db);
    // A reader still on an older snapshot makes this partial; the next checkpoint (every 1,000 pages) finishes it.
    await sql`pragma wal_checkpoint(truncate)`.execute(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'WAL checkpoint after an erase failed'));
  }
}
