import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';
import * as counts from './0067-license-counts.js';
import { keepPerRowOnPostgres, NO_EXPIRY_DAY, ORDER_STATUSES, updateOf, VERSION_FIELDS } from './0076-dashboard-rollups.js';

// PostgreSQL: the dashboard's roll-ups (0076) and the licence counts (0067) kept once a statement, from its transition
// tables, instead of once a row (issue 44, docs/big-shop.md, "The dashboard: daily roll-ups"). A statement writing many rows
// (an import's batch of 2,000 licences, the bench generator, a bulk change of expiry) upserted the same few daily rows
// once per row, and in one transaction each upsert passed every version of the row the statement had made before it:
// quadratic, minutes for 72,000 licences. Now each statement adds its rows up per roll-up row and upserts each once, in
// the rows' key order (concurrent statements take their locks in the same order). The sums are the same: an update
// takes its old rows off and adds its new ones, and a roll-up row whose sum nets to nothing is not written.
//
// The update of an activation stays a trigger per row: the licence check updates activations (last_checked_at), and a
// trigger with transition tables takes no column list, so it would run on every check. Licences, orders and ended
// activations are not updated by the check. SQLite keeps its triggers per row (one writer at a time, rows by rowid).

/** One roll-up fed by a table: key and value columns, and the parts that select them from a row `r`. */
interface Figure {
  table: string;
  keys: string[];
  values: string[];
  /** Expressions for keys then values over `r` (a transition table's row), with optional joins and a filter. */
  parts: Array<{ select: string[]; join?: string; where?: string }>;
}

const day = (column: string) => `substr(${column}, 1, 10)`;
export const versions = (join: string, plugin: string, row: string, where?: string): Figure => ({
  table: 'dashboard_site_versions',
  keys: ['field', 'plugin_slug', 'version', 'is_local'],
  values: ['n'],
  parts: VERSION_FIELDS.map(([field, column]) => ({ select: [`'${field}'`, plugin, `coalesce(${row}.${column}, '')`, `${row}.is_local`, '1'], join, where })),
});

export const FIGURES: Record<string, Figure[]> = {
  orders: [
    {
      table: 'dashboard_daily_orders',
      keys: ['day', 'currency', 'kind', 'status'],
      values: ['n', 'amount'],
      parts: [
        { select: [day('r.paid_at'), 'r.currency', 'r.kind', 'r.status', '1', 'r.amount'], where: `r.paid_at is not null and r.status in ${ORDER_STATUSES}` },
      ],
    },
  ],
  licenses: [
    { table: 'license_counts', keys: ['plugin_slug'], values: ['n'], parts: [{ select: ['r.plugin_slug', '1'] }] },
    { table: 'dashboard_daily_licences', keys: ['day'], values: ['n'], parts: [{ select: [day('r.created_at'), '1'] }] },
    {
      table: 'dashboard_licence_expiries',
      keys: ['day'],
      values: ['n'],
      parts: [{ select: [day(`coalesce(r.expires_at, '${NO_EXPIRY_DAY}')`), '1'], where: `r.status = 'active'` }],
    },
  ],
  license_activations: [
    { table: 'dashboard_daily_sites', keys: ['day'], values: ['delta', 'counted'], parts: [{ select: [day('r.created_at'), '1', '1 - r.is_local'] }] },
    versions('join licenses l on l.id = r.license_id', 'l.plugin_slug', 'r'),
  ],
  ended_activations: [
    {
      table: 'dashboard_daily_sites',
      keys: ['day'],
      values: ['delta', 'counted'],
      parts: [{ select: [day('r.activated_at'), '1', '1 - r.is_local'] }, { select: [day('r.deactivated_at'), '-1', 'r.is_local - 1'] }],
    },
  ],
};

type Rows = readonly [table: 'old_rows' | 'new_rows', sign: 1 | -1];
export const EVENTS: Record<'insert' | 'delete' | 'update', Rows[]> = {
  insert: [['new_rows', 1]],
  delete: [['old_rows', -1]],
  update: [
    ['old_rows', -1],
    ['new_rows', 1],
  ],
};

/** One upsert adding up `rows`' shares of `figure`, per roll-up row, in key order. */
export function upsert(figure: Figure, rows: Rows[]): string {
  const columns = [...figure.keys, ...figure.values];
  const selects = rows.flatMap(([table, sign]) =>
    figure.parts.map(
      ({ select, join, where }) =>
        `select ${select.map((expression, i) => (i < figure.keys.length ? `${expression} as ${columns[i]}` : `${sign} * (${expression}) as ${columns[i]}`)).join(', ')} ` +
        `from ${table} r${join ? ` ${join}` : ''}${where ? ` where ${where}` : ''}`,
    ),
  );
  const keys = figure.keys.join(', ');
  return (
    `insert into ${figure.table} (${columns.join(', ')}) select ${keys}, ${figure.values.map((v) => `sum(${v})`).join(', ')} ` +
    `from (${selects.join(' union all ')}) c group by ${keys} having ${figure.values.map((v) => `sum(${v}) <> 0`).join(' or ')} order by ${keys} ` +
    `on conflict (${keys}) do update set ${figure.values.map((v) => `${v} = ${figure.table}.${v} + excluded.${v}`).join(', ')}`
  );
}

/**
 * A licence moved to another plugin takes its sites' versions along (the licences of the update whose plugin changed).
 * Quadratic and worse in the statement's rows on PostgreSQL, which plans transition tables as one row each: replaced by
 * 0093-rollups-moves-linear.ts.
 */
export const MOVES = versions(
  'join license_activations a on a.license_id = r.id',
  'r.plugin_slug',
  'a',
  'r.id in (select n.id from new_rows n join old_rows o on o.id = n.id where n.plugin_slug <> o.plugin_slug)',
);

const TABLES = Object.keys(FIGURES);
const events = (table: string) => (table === 'license_activations' ? (['insert', 'delete'] as const) : (['insert', 'delete', 'update'] as const));
const name = (table: string, event: string) => `${table}_rollups_${event}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger license_counts_keep on licenses`.execute(db);
  await sql`drop function license_counts_keep()`.execute(db);
  for (const table of TABLES) {
    await sql.raw(`drop trigger ${table}_dashboard_keep on ${table}`).execute(db);
    if (table !== 'license_activations') await sql.raw(`drop function ${table}_dashboard_keep()`).execute(db);
    for (const event of events(table)) {
      const statements = FIGURES[table]!.map((figure) => upsert(figure, EVENTS[event]));
      if (table === 'licenses' && event === 'update') statements.push(upsert(MOVES, EVENTS.update));
      const referencing = EVENTS[event].map(([rows]) => `${rows === 'new_rows' ? 'new' : 'old'} table as ${rows}`).join(' ');
      await sql
        .raw(
          `create function ${name(table, event)}() returns trigger language plpgsql as $$ begin ${statements.map((s) => `${s};`).join('\n')} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${name(table, event)} after ${event} on ${table} referencing ${referencing} for each statement execute function ${name(table, event)}()`,
        )
        .execute(db);
    }
  }
  // The activation's update: 0076's function, called per row only when a column it counts changes.
  await sql
    .raw(
      `create trigger license_activations_dashboard_keep after update of ${updateOf('license_activations').join(', ')} on license_activations for each row execute function license_activations_dashboard_keep()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger license_activations_dashboard_keep on license_activations`.execute(db);
  for (const table of TABLES)
    for (const event of events(table)) {
      await sql.raw(`drop trigger ${name(table, event)} on ${table}`).execute(db);
      await sql.raw(`drop function ${name(table, event)}()`).execute(db);
    }
  await keepPerRowOnPostgres(db);
  await counts.keepPerRowOnPostgres(db);
}
