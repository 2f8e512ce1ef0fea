import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { postgresPoolOf, type Database } from '../../db/database.js';
import type { SettingsService } from './settings.service.js';
import { SETTINGS_CHANNEL } from './settings.repository.js';

/**
 * Keeps this process's settings cache in step with writes made by other processes: other instances on the
 * same database, other workers (WORKERS=N), `npm run admin:password`. Within a second of a change:
 * - PostgreSQL: one dedicated LISTEN connection (not from the pool, which would lose it to a query) receives
 *   the notification writeSettings sends in the writing transaction, and reloads. After a lost connection it
 *   reconnects with backoff (0.1 s doubling to 5 s) and reloads once, for what it missed meanwhile.
 * - SQLite: `PRAGMA data_version` moves whenever another connection commits to the file; it is polled every
 *   500 ms (one pragma, about 2 µs) and the settings reloaded (about 20 rows) when it moved.
 * Own writes update the cache directly (SettingsService.setInternal).
 */
export const SQLITE_POLL_MS = 500;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** The listener's application_name in pg_stat_activity. */
export const LISTENER_NAME = 'pls-settings-listener';

export interface SettingsSyncTarget {
  db: Database;
  settings: SettingsService;
  log: FastifyBaseLogger;
}

/** Starts following other processes' settings writes; the answer stops it. */
export function startSettingsSync(target: SettingsSyncTarget): () => Promise<void> {
  const reload = coalescedReload(target);
  const pool = postgresPoolOf(target.db);
  return pool ? listenForChanges(target, pool, reload) : pollDataVersion(target, reload);
}

/** One reload at a time; calls during a reload make exactly one more after it. */
function coalescedReload({ settings, log }: SettingsSyncTarget): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    settings
      .load()
      .catch((error: unknown) => log.warn({ err: error }, 'settings reload failed; the next change retries'))
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return run;
}

function pollDataVersion({ db, log }: SettingsSyncTarget, reload: () => void): () => Promise<void> {
  // Unknown at first, so the first poll reloads: a change between the app's first load and now is not lost.
  let seen: number | undefined;
  let polling = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    sql<{ data_version: number }>`pragma data_version`
      .execute(db)
      .then(({ rows }) => {
        const version = rows[0]?.data_version;
        if (version !== seen) {
          seen = version;
          reload();
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, 'settings version check failed'))
      .finally(() => {
        polling = false;
      });
  }, SQLITE_POLL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return Promise.resolve();
  };
}

function listenForChanges({ log }: SettingsSyncTarget, pool: pg.Pool, reload: () => void): () => Promise<void> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;

  const retry = (failed: pg.Client, error?: unknown) => {
    if (closed || client !== failed) return;
    client = undefined;
    failed.removeAllListeners('notification');
    failed.end().catch(() => undefined);
    log.warn({ err: error, retryInMs: delay }, 'settings listener lost its PostgreSQL connection; reconnecting');
    retryTimer = setTimeout(connect, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = () => {
    if (closed) return;
    // The pool's own options (URL, search_path): the same database and schema, on a connection of its own.
    const current = new pg.Client({ ...pool.options, application_name: LISTENER_NAME, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = current;
    let schema: string | undefined;
    current.on('error', (error) => retry(current, error));
    current.on('end', () => retry(current));
    current.on('notification', (message) => {
      if (message.channel === SETTINGS_CHANNEL && message.payload === schema) reload();
    });
    current
      .connect()
      .then(() => current.query<{ schema: string }>('select current_schema() as schema'))
      .then(async (result) => {
        schema = result.rows[0]?.schema;
        await current.query(`listen ${SETTINGS_CHANNEL}`);
        if (closed) return;
        delay = RECONNECT_FIRST_MS;
        reload();
      })
      .catch((error: unknown) => retry(current, error));
  };

  connect();
  return async () => {
    closed = true;
    clearTimeout(retryTimer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
