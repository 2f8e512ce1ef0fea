// A `LISTEN` on PostgreSQL over a connection of its own (not from the pool, which would lose it to a query), made
// again after a loss with backoff (doubling to 5 s, back to the first delay once it listens). Used by the settings
// (server/modules/settings/settings-sync.ts) and the EDD item reader (server/modules/plugins/edd-item-reader.ts).
import pg from 'pg';

const RETRY_MAX_MS = 5_000;

export interface Listening {
  channel: string;
  /** The connection's application_name in pg_stat_activity. */
  name: string;
  /** The first wait before connecting again after a loss. */
  firstRetryMs: number;
  /** It listens (at first, or again after a loss: notifications meanwhile were missed); its current_schema(). */
  onListening: (schema: string | undefined) => void;
  onNotification: (payload: string | undefined, schema: string | undefined) => void;
  /** The connection was lost or could not be made; it is made again after `retryInMs`. */
  onLost: (error: unknown, retryInMs: number) => void;
}

/** Starts listening; the answer stops it. */
export function listenOnOwnConnection(pool: pg.Pool, listening: Listening): () => Promise<void> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = listening.firstRetryMs;

  const retry = (failed: pg.Client, error?: unknown) => {
    if (closed || client !== failed) return;
    client = undefined;
    failed.removeAllListeners('notification');
    failed.end().catch(() => undefined);
    listening.onLost(error, delay);
    retryTimer = setTimeout(connect, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  const connect = () => {
    if (closed) return;
    // The pool's own options (URL, search_path): the same database and schema, on a connection of its own.
    const current = new pg.Client({ ...pool.options, application_name: listening.name, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = current;
    let schema: string | undefined;
    // A broken connection says so by 'error' or 'end' (or both); without an 'error' listener pg would end the process.
    current.on('error', (error) => retry(current, error));
    current.on('end', () => retry(current));
    current.on('notification', (message) => {
      if (message.channel === listening.channel) listening.onNotification(message.payload, schema);
    });
    current
      .connect()
      .then(() => current.query<{ schema: string }>('select current_schema() as schema'))
      .then(async (result) => {
        schema = result.rows[0]?.schema;
        await current.query(`listen ${listening.channel}`);
        if (closed || client !== current) return;
        delay = listening.firstRetryMs;
        listening.onListening(schema);
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
