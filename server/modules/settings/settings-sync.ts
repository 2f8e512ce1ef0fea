import type pg from 'pg';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { postgresPoolOf, type Database } from '../../db/database.js';
import { listenOnOwnConnection } from '../../db/pg-listener.js';
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
  return listenOnOwnConnection(pool, {
    channel: SETTINGS_CHANNEL,
    name: LISTENER_NAME,
    firstRetryMs: RECONNECT_FIRST_MS,
    // Listening again after a loss reloads once, for what was missed meanwhile.
    onListening: () => reload(),
    onNotification: (payload, schema) => {
      if (payload === schema) reload();
    },
    onLost: (error, retryInMs) => log.warn({ err: error, retryInMs }, 'settings listener lost its PostgreSQL connection; reconnecting'),
  });
}
