// The EDD item lookup of check_license (server/modules/edd-compat), as fast as the licence validation it comes
// with: without it a check cost 15–20 µs more server CPU than a validation (bench/license-validate.ts with
// BENCH_EDD=1, issue 30). On SQLite a statement prepared once on the database's shared read-only connection: its
// lookups run in the same read transaction per turn of the event loop as the validation reader's
// (server/db/sqlite-read-batch.ts, server/modules/licenses/validation-reader.ts), so a check asking for its item and
// its licence in one turn costs one transaction; Kysely's SQLite driver funnels every query through one
// connection's mutex. On PostgreSQL the item ids asked during one turn go in one named statement. Nothing is
// cached past a turn, so nothing can be stale. In-memory SQLite (tests) uses Kysely.
import type { AppContext } from '../../kernel/context.js';
import { postgresPoolOf } from '../../db/database.js';
import { openSharedSqliteReads } from '../../db/sqlite-read-batch.js';
import type { PluginRow } from './plugins.repository.js';

export type EddItemPlugin = Pick<PluginRow, 'slug' | 'name' | 'edd_item_id' | 'edd_item_name'>;
export type EddItemReader = (itemId: number) => Promise<EddItemPlugin | undefined>;

const ITEM_QUERY = 'select slug, name, edd_item_id, edd_item_name from plugins where edd_item_id';

export function openEddItemReader(ctx: Pick<AppContext, 'config' | 'db'>): { read: EddItemReader; close: () => void } | null {
  const pool = postgresPoolOf(ctx.db);
  if (pool) {
    let waiting: Array<{ itemId: number; resolve: (plugin: EddItemPlugin | undefined) => void; reject: (error: unknown) => void }> = [];
    const send = (): void => {
      const batch = waiting;
      waiting = [];
      const ids = [...new Set(batch.map((pending) => pending.itemId))];
      pool.query<EddItemPlugin>({ name: 'edd-item-batch', text: `${ITEM_QUERY} = any($1::int[])`, values: [ids] }).then(
        ({ rows }) => {
          const byId = new Map(rows.map((row) => [row.edd_item_id, row]));
          for (const pending of batch) pending.resolve(byId.get(pending.itemId));
        },
        (error: unknown) => {
          for (const pending of batch) pending.reject(error);
        },
      );
    };
    const read: EddItemReader = (itemId) =>
      new Promise((resolve, reject) => {
        if (waiting.length === 0) setImmediate(send);
        waiting.push({ itemId, resolve, reject });
      });
    return { read, close: () => undefined };
  }
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const { connection, batch, release } = openSharedSqliteReads(ctx.db, target.file);
  const lookup = connection.prepare<[number], EddItemPlugin>(`${ITEM_QUERY} = ?`);
  // The checks of one turn nearly all name the same item: it is read once for them, in their batch's read
  // transaction (the memo lives for that turn only, so it is never older than a lookup of their own would be).
  let thisTurn: Map<number, Promise<EddItemPlugin | undefined>> | null = null;
  const read: EddItemReader = (itemId) => {
    if (!thisTurn) {
      thisTurn = new Map();
      setImmediate(() => (thisTurn = null));
    }
    let plugin = thisTurn.get(itemId);
    if (!plugin) thisTurn.set(itemId, (plugin = batch(() => lookup.get(itemId))));
    return plugin;
  };
  return { read, close: release };
}
