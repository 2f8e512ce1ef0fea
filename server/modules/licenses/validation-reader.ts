// A fast path for the busiest public call: validation's one lookup (`validationLookup`) runs as a statement
// prepared once, outside Kysely. On SQLite it reads through its own read-only connection: Kysely's SQLite
// driver funnels every query through one connection's mutex, which measured as much of a validation's cost,
// and WAL mode lets this connection see every committed write at once. On PostgreSQL the lookups of
// concurrent validations go together as one named prepared statement (`batchedPostgresReader`, each batch a
// `LookupBatch`) on a connection of the reader's own. Nothing is cached, so nothing can be stale; writes and
// locking stay on Kysely.
import type SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppContext } from '../../kernel/context.js';
import { postgresPoolOf } from '../../db/database.js';
import { openSharedSqliteReads, type SqliteReadBatch } from '../../db/sqlite-read-batch.js';
import { toValidationLookup, validationLookup, type ValidationLookup, type ValidationRow } from './licenses.repository.js';

export type ValidationReader = (key: string, siteUrl: string | undefined) => ValidationLookup | undefined | Promise<ValidationLookup | undefined>;

/**
 * Lookup statements in flight at once on PostgreSQL; the lookups arriving meanwhile wait and go together as
 * the next batch, so batches grow with the load by themselves. A free slot sends what waits at the end of the
 * loop's turn (`scheduleSend`): a quiet server adds no wait beyond it. One statement per validation cost the
 * database 57 µs a validation; batched, 11–18. How many in flight is best depends on when a batch leaves:
 * sent at once, 1 beat 2 (bench/README.md, "Session 25": batches of ≈ 11–19 against 6–10, the server's CPU per
 * validation 59–67 µs against 64–76); sent at the turn's end, 2 beat 1 (session 27: in alternated
 * `bench/check-cpu.ts` runs at 10,000 licences, p99 6.9–7.4 ms against 7.9–9.2 and 18,100–18,200 validations a
 * second against 15,800–17,700; 3 was no better than 2), perhaps since a batch then fills while the other is
 * answered (not measured).
 */
export const POSTGRES_LOOKUPS_IN_FLIGHT = 2;

export interface OpenValidationReader {
  read: ValidationReader;
  close: () => void | Promise<void>;
  /** PostgreSQL: statements sent so far (each a batch of lookups). */
  statementsSent?: () => number;
}

/**
 * The reader for PostgreSQL or a file-backed SQLite database, or null (in-memory SQLite) to use Kysely. The
 * lookup reads the buyer's name too (EDD's check answers with it), in the same statement and round trip as the
 * licence.
 */
export function openValidationReader(ctx: Pick<AppContext, 'config' | 'db'>): OpenValidationReader | null {
  // Its parameters are (site, key), and '' matches no site.
  const pool = postgresPoolOf(ctx.db);
  const text = validationLookup('', '').compile(ctx.db).sql;
  if (pool) return batchedPostgresReader(pool, text);
  const target = ctx.config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return null;
  const reads = openSharedSqliteReads(ctx.db, target.file);
  return batchedSqliteReader(reads.batch, reads.connection.prepare<[string, string], ValidationRow>(text), reads.release);
}

/**
 * SQLite: the lookups asked during one turn of the event loop run together, in one read transaction, with every
 * other read of the turn on this database's shared read connection (server/db/sqlite-read-batch.ts).
 */
function batchedSqliteReader(batch: SqliteReadBatch, lookup: SQLite.Statement<[string, string], ValidationRow>, release: () => void): OpenValidationReader {
  const read: ValidationReader = (key, siteUrl) => batch(() => toValidationLookup(lookup.get(siteUrl ?? '', key)));
  return { read, close: release };
}

/**
 * The one-lookup text turned into a batch: `validationLookup` runs once per (site, key) pair of two arrays,
 * as a lateral subquery, and `n` says which pair a row answers. One statement and one round trip for a whole
 * batch spares PostgreSQL its per-statement work (bind, snapshot, executor start) and the server its
 * per-query protocol work and system calls, which measured as most of a validation's cost on PostgreSQL.
 */
export function batchLookupText(singleLookupText: string): string {
  // The single lookup's parameters are $1 (site) and $2 (key), each used once; anything else is a change
  // this rewrite does not know, so it stops the start rather than guess.
  const uses = singleLookupText.match(/\$\d+/g) ?? [];
  if (uses.length !== 2 || !uses.includes('$1') || !uses.includes('$2'))
    throw new Error(`validationLookup's parameters changed (${uses.join(', ')}): update batchLookupText`);
  const perPair = singleLookupText.replace('$1', 'q.site').replace('$2', 'q.key');
  return `select q.n as batch_index, v.* from unnest($1::text[], $2::text[]) with ordinality as q(site, key, n) cross join lateral (${perPair}) v`;
}

interface PendingLookup {
  key: string;
  site: string;
  resolve: (lookup: ValidationLookup | undefined) => void;
  reject: (error: unknown) => void;
}

/** A text[] parameter as PostgreSQL's array literal: each element quoted, with `"` and `\` escaped. */
const textArray = (values: readonly string[]): string => `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** The answer's columns, learnt from the first batch's description: each one's name and pg's parser of its type. */
interface AnswerShape {
  names: string[];
  parsers: Array<(text: string) => unknown>;
}

const STATEMENT = 'licence-validation-batch';

/**
 * One batch as pg's "submittable" query (pg's Client runs any object with `submit` and the `handle…` calls): the
 * named statement's Bind, Execute and Sync in one write, with Describe only until the answer's columns are known,
 * and each row made straight from the message's fields. pg's own Query does more for every statement (a Describe and
 * its RowDescription, a parser made per column, a Result, an EventEmitter): with it a validation cost the server more
 * CPU in 7 of 8 alternated pairs, by up to 23 µs (bench/README.md, "Session 26").
 */
class LookupBatch {
  readonly name = STATEMENT;
  /** Set by pg's client.query(batch, callback). */
  callback?: (error: Error | null) => void;
  private readonly rows: Array<ValidationRow | undefined>;
  /** The columns this batch's rows come in: known when it was sent, or from its own description. */
  private columns: AnswerShape | null = null;
  /** A row that could not be read: the batch fails with it once the database is done with it, as pg's Query does. */
  private broken: Error | null = null;
  private failed = false;

  constructor(
    readonly text: string,
    private readonly shape: { current: AnswerShape | null },
    private readonly lookups: PendingLookup[],
  ) {
    this.rows = new Array(lookups.length);
  }

  submit(connection: PgConnection): null {
    this.columns = this.shape.current;
    const stream = connection.stream;
    stream.cork();
    try {
      if (connection.parsedStatements[STATEMENT] === undefined && connection.submittedNamedStatements[STATEMENT] === undefined) {
        connection.parse({ text: this.text, name: STATEMENT, types: [] });
        connection.submittedNamedStatements[STATEMENT] = this.text;
      }
      const sites = textArray(this.lookups.map((lookup) => lookup.site));
      const keys = textArray(this.lookups.map((lookup) => lookup.key));
      connection.bind({ statement: STATEMENT, values: [sites, keys] });
      if (!this.columns) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: Array<{ name: string; dataTypeID: number }> }): void {
    this.columns = {
      names: message.fields.map((field) => field.name),
      parsers: message.fields.map((field) => pg.types.getTypeParser(field.dataTypeID, 'text') as (text: string) => unknown),
    };
    this.shape.current ??= this.columns;
  }

  // Runs in pg's socket handler: it must not throw.
  handleDataRow(message: { fields: Array<string | null> }): void {
    if (this.broken) return;
    try {
      if (!this.columns) throw new Error('A row came before its description');
      const { names, parsers } = this.columns;
      const fields = message.fields;
      const row: Record<string, unknown> = {};
      for (let i = 1; i < fields.length; i++) {
        const text = fields[i];
        row[names[i]!] = text === null || text === undefined ? null : parsers[i]!(text);
      }
      this.rows[Number(fields[0]) - 1] = row as unknown as ValidationRow; // ordinality counts from 1
    } catch (error) {
      this.broken = error instanceof Error ? error : new Error(String(error));
    }
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}

  handleError(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    // described again by the next batch, in case what failed was a change of the table under the statement
    this.shape.current = null;
    for (const lookup of this.lookups) lookup.reject(error);
    this.callback?.(error);
  }

  handleReadyForQuery(): void {
    if (this.broken) return this.handleError(this.broken);
    if (this.failed) return;
    this.lookups.forEach((lookup, i) => lookup.resolve(toValidationLookup(this.rows[i])));
    this.callback?.(null);
  }
}

/** What LookupBatch uses of pg's (untyped) connection. */
interface PgConnection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { text: string; name: string; types: never[] }): void;
  bind(config: { statement: string; values: string[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
}

function batchedPostgresReader(pool: pg.Pool, singleLookupText: string): Required<OpenValidationReader> {
  const text = batchLookupText(singleLookupText);
  // Connections of its own, one per batch in flight, that always run the batch on its generic plan: planned
  // with the batch's length, PostgreSQL kept re-planning small batches (≈ 0.25 ms each, more than the
  // lookups), because a custom plan for 5 rows looks cheaper than the generic one for an unknown number.
  // Kysely's connections keep the default, where the planner sees each query's values.
  // Named per process in pg_stat_activity, so an operator (or a test) can tell these connections apart.
  const settings = `-c plan_cache_mode=force_generic_plan -c application_name=${readerConnectionName()}`;
  const readers = new pg.Pool(withSessionSetting(pool.options, settings, POSTGRES_LOOKUPS_IN_FLIGHT));
  // An idle connection that breaks (the database restarted, an admin ended it) is dropped by the pool and the
  // next batch opens another; without a listener pg's 'error' event would end the process.
  readers.on('error', () => undefined);
  const shape: { current: AnswerShape | null } = { current: null };
  let waiting: PendingLookup[] = [];
  let inFlight = 0;
  let sent = 0;
  let sendScheduled = false;

  /**
   * Sends what is waiting when the loop reaches its check phase (setImmediate), not at once: by then every
   * connection the poll phase found readable has been read, and its lookups join the batch. Sent at once, a
   * batch answered in the poll phase left with the lookups parsed before its answer and the rest waited a whole
   * round trip: with one in flight, batches of 9–12 at 50 connections, against 12–18 sent this way, with 5–10 %
   * more validations a second (bench/README.md, "Session 27"). A quiet server's lookup waits for the rest of its
   * turn only. Called whenever a lookup waits; a batch leaves only when a slot is free.
   */
  function scheduleSend(): void {
    if (sendScheduled) return;
    sendScheduled = true;
    setImmediate(() => {
      sendScheduled = false;
      if (waiting.length > 0 && inFlight < POSTGRES_LOOKUPS_IN_FLIGHT) send();
    });
  }

  function send(): void {
    const batch = new LookupBatch(text, shape, waiting);
    waiting = [];
    inFlight += 1;
    sent += 1;
    // The pool hands the batch to its connection and calls back once it is answered or has failed (its lookups are
    // then rejected by handleError, here too when no connection could be had).
    readers.query(batch as unknown as pg.QueryConfig, (error: Error | null) => {
      if (error) batch.handleError(error);
      inFlight -= 1;
      if (waiting.length > 0) scheduleSend();
    });
  }

  const read: ValidationReader = (key, siteUrl) =>
    new Promise((resolve, reject) => {
      // refused alone, as better-sqlite3 refuses it, rather than failing the array literal of a whole batch
      if (typeof key !== 'string' || (siteUrl !== undefined && typeof siteUrl !== 'string'))
        return reject(new TypeError('A lookup takes a key and a site as text'));
      waiting.push({ key, site: siteUrl ?? '', resolve, reject });
      scheduleSend();
    });
  return { read, close: () => readers.end(), statementsSent: () => sent };
}

/** The application_name of this process's validation reader connections. */
export const readerConnectionName = () => `licence-validation-reader-${process.pid}`;

/**
 * The pool's connection settings with one more server setting for the session, given at connection time
 * (a SET query after connecting would race the first lookup). A connection string's own `options` wins over
 * the `options` field in pg, so the setting joins whichever one is in use.
 */
export function withSessionSetting(options: pg.PoolConfig, setting: string, max: number): pg.PoolConfig {
  const join = (existing: string | null | undefined) => (existing ? `${existing} ${setting}` : setting);
  if (options.connectionString) {
    const url = new URL(options.connectionString);
    const fromUrl = url.searchParams.get('options');
    if (fromUrl !== null) {
      url.searchParams.set('options', join(fromUrl));
      return { ...options, connectionString: url.toString(), max };
    }
  }
  return { ...options, options: join(options.options), max };
}
