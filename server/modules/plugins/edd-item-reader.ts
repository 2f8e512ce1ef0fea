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
// the listening connection is lost; until it listens again, the items are read once a turn as on SQLite. The
// notification names no schema: another shop's in the same database (or a test's schema) only costs a read again.
// The settings have a listening connection of their own (server/modules/settings/settings-sync.ts).
import pg from 'pg';
import type { AppContext } from '../../kernel/context.js';
import { postgresPoolOf } from '../../db/database.js';
import { openSharedSqliteReads } from '../../db/sqlite-read-batch.js';
import { PLUGIN_ITEMS_CHANNEL } from '../../db/migrations/0090-plugin-items-changed.js';
import { withSessionSetting } from '../../db/session-setting.js';
import { pluginItemWrites, type PluginRow } from './plugins.repository.js';

export type EddItemPlugin = Pick<PluginRow, 'slug' | 'name' | 'edd_item_id' | 'edd_item_name'>;
/** Every plugin's EDD item, by id. */
export type EddItemReader = () => Promise<EddItemPlugin[]>;

const ITEMS_QUERY = 'select slug, name, edd_item_id, edd_item_name from plugins order by id';
/** How long after losing its listening connection the reader connects again. */
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
  const settings = `-c application_name=${itemsListenerName()}`;
  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let relisten: NodeJS.Timeout | undefined;
  // Bumped by every change heard of and whenever listening starts or stops: kept items of another generation
  // are not used. A read under way when a change is heard is not kept (it may have read before the change).
  let generation = 0;
  let kept: { generation: number; writes: number; items: Promise<EddItemPlugin[]> } | null = null;
  const changed = () => {
    generation += 1;
    kept = null;
  };

  const lost = (client: pg.Client) => {
    if (listener !== client) return;
    listener = null;
    listening = false;
    changed();
    client.end().catch(() => undefined);
    if (!closed) relisten = setTimeout(listen, RELISTEN_AFTER_MS).unref();
  };
  function listen(): void {
    const client = new pg.Client(withSessionSetting(pool.options, settings, 1));
    listener = client;
    // A broken connection says so by 'error' or 'end' (or both): either way the items are read per turn again.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', changed);
    client
      .connect()
      .then(() => client.query(`listen ${PLUGIN_ITEMS_CHANNEL}`))
      .then(
        () => {
          if (listener !== client || closed) return;
          listening = true;
          changed();
        },
        () => lost(client),
      );
  }
  listen();

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
    closed = true;
    clearTimeout(relisten);
    const client = listener;
    listener = null;
    listening = false;
    await client?.end().catch(() => undefined);
  };
  return { read, close, keeping: () => listening };
}

/** The application_name of this process's plugin-items listening connection. */
export const itemsListenerName = () => `plugin-items-listener-${process.pid}`;
