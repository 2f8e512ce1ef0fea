// The EDD item lookup of check_license (server/modules/edd-compat), as fast as the licence validation it comes
// with: without it a check cost 15–20 µs more server CPU than a validation (bench/license-validate.ts with
// BENCH_EDD=1, issue 30). It reads every plugin's EDD item (a shop has a handful of plugins), since an item named
// by `item_name` is matched by WordPress's sanitize_title() of both names (edd-compat, issue 38), which SQL cannot
// do. On SQLite a statement prepared once on the database's shared read-only connection: its reads run in the
// same read transaction per turn of the event loop as the validation reader's (server/db/sqlite-read-batch.ts,
// server/modules/licenses/validation-reader.ts). On PostgreSQL one named statement per turn. The checks of one
// turn share that turn's read; nothing is kept past a turn, so nothing can be stale. In-memory SQLite (tests) uses
// Kysely (`listEddItemPlugins`).
import type { AppContext } from '../../kernel/context.js';
import { postgresPoolOf } from '../../db/database.js';
import { openSharedSqliteReads } from '../../db/sqlite-read-batch.js';
import type { PluginRow } from './plugins.repository.js';

export type EddItemPlugin = Pick<PluginRow, 'slug' | 'name' | 'edd_item_id' | 'edd_item_name'>;
/** Every plugin's EDD item, by id. */
export type EddItemReader = () => Promise<EddItemPlugin[]>;

const ITEMS_QUERY = 'select slug, name, edd_item_id, edd_item_name from plugins order by id';

export function openEddItemReader(ctx: Pick<AppContext, 'config' | 'db'>): { read: EddItemReader; close: () => void } | null {
  let readNow: () => Promise<EddItemPlugin[]>;
  let close = (): void => undefined;
  const pool = postgresPoolOf(ctx.db);
  if (pool) readNow = async () => (await pool.query<EddItemPlugin>({ name: 'edd-items', text: ITEMS_QUERY })).rows;
  else {
    const target = ctx.config.database;
    if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
    const { connection, batch, release } = openSharedSqliteReads(ctx.db, target.file);
    const lookup = connection.prepare<[], EddItemPlugin>(ITEMS_QUERY);
    readNow = () => batch(() => lookup.all());
    close = release;
  }
  // The checks of one turn nearly all name the same item: the items are read once for them (in their batch's
  // read transaction on SQLite), and the memo lives for that turn only.
  let thisTurn: Promise<EddItemPlugin[]> | null = null;
  const read: EddItemReader = () => {
    if (!thisTurn) {
      thisTurn = readNow();
      setImmediate(() => (thisTurn = null));
    }
    return thisTurn;
  };
  return { read, close };
}
