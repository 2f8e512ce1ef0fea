// The EDD item lookup of check_license (server/modules/edd-compat), as fast as the licence validation it comes
// with: without it a check cost 15–20 µs more server CPU than a validation (bench/license-validate.ts with
// BENCH_EDD=1, issue 30). It reads every plugin's EDD item (a shop has a handful of plugins), since an item named
// by `item_name` is matched by WordPress's sanitize_title() of both names (edd-compat, issue 38), which SQL cannot
// do. On SQLite a statement prepared once on the database's shared read-only connection: its reads run in the
// same read transaction per turn of the event loop as the validation reader's (server/db/sqlite-read-batch.ts,
// server/modules/licenses/validation-reader.ts); the checks of one turn share that turn's read. In-memory SQLite
// (tests) uses Kysely (`listEddItemPlugins`).
//
// On PostgreSQL a read per turn was still a statement through the pool every few checks: about 20 µs of a check's
// 141 µs of server CPU at 50 connections (issue 44, session 17). There the items read are kept while a connection
// of the reader's own listens to `plugin_items_changed`, which every commit that changes an item notifies (0090),
// and dropped when a notification arrives, when this process writes plugins itself (`pluginItemWrites`), or when
// the listening connection is lost (server/db/pg-listener.ts, as the settings listen); until it listens again, the
// items are read once a turn as on SQLite. The notification names no schema: another shop's in the same database
// (or a test's schema) only costs a read again.
import type pg from 'pg';
import type { AppContext } from '../../kernel/context.js';
import { postgresPoolOf } from '../../db/database.js';
import { openSharedSqliteReads } from '../../db/sqlite-read-batch.js';
import { PLUGIN_ITEMS_CHANNEL } from '../../db/migrations/0090-plugin-items-changed.js';
import { listenOnOwnConnection } from '../../db/pg-listener.js';
import { pluginItemWrites, type PluginRow } from './plugins.repository.js';

export type EddItemPlugin = Pick<PluginRow, 'slug' | 'name' | 'edd_item_id' | 'edd_item_name'>;
/** Every plugin's EDD item, by id. */
export type EddItemReader = () => Promise<EddItemPlugin[]>;

const ITEMS_QUERY = 'select slug, name, edd_item_id, edd_item_name from plugins order by id';
/** How long after losing its listening connection the reader first connects again (then longer, up to 5 s). */
export const RELISTEN_AFTER_MS = 1000;

export interface OpenEddItemReader {
  read: EddItemReader;
  close: () => void | Promise<void>;
  /** PostgreSQL: whether items are kept between turns now (the listening connection is up). */
  keeping?: () => boolean;
}

export function openEddItemReader(ctx: Pick<AppContext, 'config' | 'db'>): OpenEddItemReader | null {
  const pool = postgresPoolOf(ctx.db);
  if (pool) return keptPostgresItems(pool);
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const { connection, batch, release } = openSharedSqliteReads(ctx.db, target.file);
  const lookup = connection.prepare<[], EddItemPlugin>(ITEMS_QUERY);
  return { read: oncePerTurn(() => batch(() => lookup.all())), close: release };
}

/**
 * The checks of one turn nearly all name the same item: the items are read once for them (in their batch's read
 * transaction on SQLite), and the memo lives for that turn only.
 */
function oncePerTurn(readNow: () => Promise<EddItemPlugin[]>): EddItemReader {
  let thisTurn: Promise<EddItemPlugin[]> | null = null;
  return () => {
    if (!thisTurn) {
      thisTurn = readNow();
      setImmediate(() => (thisTurn = null));
    }
    return thisTurn;
  };
}

function keptPostgresItems(pool: pg.Pool): Required<OpenEddItemReader> {
  const readNow = async () => (await pool.query<EddItemPlugin>({ name: 'edd-items', text: ITEMS_QUERY })).rows;
  const perTurn = oncePerTurn(readNow);
  let listening = false;
  // Bumped by every change heard of and whenever listening starts or stops: kept items of another generation
  // are not used. A read under way when a change is heard is not kept (it may have read before the change).
  let generation = 0;
  let kept: { generation: number; writes: number; items: Promise<EddItemPlugin[]> } | null = null;
  const changed = () => {
    generation += 1;
    kept = null;
  };
  const stop = listenOnOwnConnection(pool, {
    channel: PLUGIN_ITEMS_CHANNEL,
    name: itemsListenerName(),
    // Nothing hurries: while it does not listen, the items are read once a turn, never stale.
    firstRetryMs: RELISTEN_AFTER_MS,
    onListening: () => {
      listening = true;
      changed();
    },
    onNotification: changed,
    onLost: () => {
      listening = false;
      changed();
    },
  });

  const read: EddItemReader = () => {
    if (!listening) return perTurn();
    const writes = pluginItemWrites();
    if (kept && kept.generation === generation && kept.writes === writes) return kept.items;
    const items = readNow();
    const entry = { generation, writes, items };
    kept = entry;
    items.catch(() => {
      if (kept === entry) kept = null; // a failed read is not kept: the next check reads again
    });
    return items;
  };
  const close = async () => {
    listening = false;
    await stop();
  };
  return { read, close, keeping: () => listening };
}

/** The application_name of this process's plugin-items listening connection. */
export const itemsListenerName = () => `plugin-items-listener-${process.pid}`;
