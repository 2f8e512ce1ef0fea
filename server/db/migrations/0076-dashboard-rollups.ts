import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';

// The dashboard's daily roll-ups (docs/dashboard.md, "Roll-ups"): its figures and charts counted and grouped every
// order, licence and activation on each request (seconds at a million licences). These tables hold the same sums
// per UTC day (and per currency, kind and status for orders; per plugin, version and local flag for the sites'
// versions), kept by triggers in the same transaction as the insert, delete or change of the row they count,
// whoever makes it (a checkout, a refund, an activation, the importer, the bench generator, a restore). A rolled-back
// change moves nothing. Owner: the dashboard module (read only there). The migration backfills them from the rows.
type Ref = 'new' | 'old';
type Pair = [column: string, expression: string];
interface Source {
  table: string;
  /** The columns whose update can move a figure. */
  updateOf: string[];
  /** The statements that add (sign 1, ref new) or take away (sign -1, ref old) one row's share; `update`: only what changed. */
  statements(ref: Ref, sign: 1 | -1, update: Changed | null): string[];
  /** Extra statements on update only. */
  moves?: (changed: Changed) => string[];
}
type Changed = (columns: string[]) => string;

export const ORDER_STATUSES = `('paid', 'refunded')`;
export const NO_EXPIRY_DAY = '9999-12-31';
export const VERSION_FIELDS = [
  ['plugin', 'installed_version'],
  ['wp', 'wp_version'],
  ['php', 'php_version'],
] as const;

/** An upsert adding `values` to the row of `keys` (made when missing); `rest` is the select's from/where/group by. */
function bump(table: string, keys: Pair[], values: Pair[], rest: string): string {
  const pairs = [...keys, ...values];
  return (
    `insert into ${table} (${pairs.map(([column]) => column).join(', ')}) select ${pairs.map(([, expression]) => expression).join(', ')} ${rest} ` +
    `on conflict (${keys.map(([column]) => column).join(', ')}) do update set ${values.map(([column]) => `${column} = ${table}.${column} + excluded.${column}`).join(', ')}`
  );
}

const onlyIf = (update: Changed | null, columns: string[]) => (update ? ` and (${update(columns)})` : '');
const pluginOf = (ref: Ref) => `(select l.plugin_slug from licenses l where l.id = ${ref}.license_id)`;

const SOURCES: Source[] = [
  {
    table: 'orders',
    updateOf: ['paid_at', 'status', 'currency', 'kind', 'amount'],
    statements: (r, s) => [
      bump(
        'dashboard_daily_orders',
        [
          ['day', `substr(${r}.paid_at, 1, 10)`],
          ['currency', `${r}.currency`],
          ['kind', `${r}.kind`],
          ['status', `${r}.status`],
        ],
        [
          ['n', `${s}`],
          ['amount', `${s} * ${r}.amount`],
        ],
        `where ${r}.paid_at is not null and ${r}.status in ${ORDER_STATUSES}`,
      ),
    ],
  },
  {
    table: 'licenses',
    updateOf: ['created_at', 'status', 'expires_at', 'plugin_slug'],
    statements: (r, s, update) => [
      bump('dashboard_daily_licences', [['day', `substr(${r}.created_at, 1, 10)`]], [['n', `${s}`]], `where true${onlyIf(update, ['created_at'])}`),
      bump(
        'dashboard_licence_expiries',
        [['day', `substr(coalesce(${r}.expires_at, '${NO_EXPIRY_DAY}'), 1, 10)`]],
        [['n', `${s}`]],
        `where ${r}.status = 'active'${onlyIf(update, ['status', 'expires_at'])}`,
      ),
    ],
    // A licence moved to another plugin takes its sites' versions along.
    moves: (update) =>
      (['old', 'new'] as const).flatMap((r) =>
        VERSION_FIELDS.map(([field, column]) =>
          bump(
            'dashboard_site_versions',
            [
              ['field', `'${field}'`],
              ['plugin_slug', `${r}.plugin_slug`],
              ['version', `coalesce(a.${column}, '')`],
              ['is_local', 'a.is_local'],
            ],
            [['n', `${r === 'old' ? -1 : 1} * count(*)`]],
            `from license_activations a where a.license_id = ${r}.id and (${update(['plugin_slug'])}) group by coalesce(a.${column}, ''), a.is_local`,
          ),
        ),
      ),
  },
  {
    table: 'license_activations',
    updateOf: ['created_at', 'is_local', 'license_id', ...VERSION_FIELDS.map(([, column]) => column)],
    statements: (r, s, update) => [
      bump(
        'dashboard_daily_sites',
        [['day', `substr(${r}.created_at, 1, 10)`]],
        [
          ['delta', `${s}`],
          ['counted', `${s} * (1 - ${r}.is_local)`],
        ],
        `where true${onlyIf(update, ['created_at', 'is_local'])}`,
      ),
      ...VERSION_FIELDS.map(([field, column]) =>
        bump(
          'dashboard_site_versions',
          [
            ['field', `'${field}'`],
            ['plugin_slug', pluginOf(r)],
            ['version', `coalesce(${r}.${column}, '')`],
            ['is_local', `${r}.is_local`],
          ],
          [['n', `${s}`]],
          `where exists (select 1 from licenses l where l.id = ${r}.license_id)${onlyIf(update, [column, 'is_local', 'license_id'])}`,
        ),
      ),
    ],
  },
  {
    table: 'ended_activations',
    updateOf: ['activated_at', 'deactivated_at', 'is_local'],
    statements: (r, s) =>
      (
        [
          ['activated_at', s],
          ['deactivated_at', -s],
        ] as const
      ).map(([column, by]) =>
        bump(
          'dashboard_daily_sites',
          [['day', `substr(${r}.${column}, 1, 10)`]],
          [
            ['delta', `${by}`],
            ['counted', `${by} * (1 - ${r}.is_local)`],
          ],
          'where true',
        ),
      ),
  },
];

async function createTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_daily_orders')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_daily_orders_pk', ['day', 'currency', 'kind', 'status'])
    .execute();
  for (const table of ['dashboard_daily_licences', 'dashboard_licence_expiries'])
    await db.schema
      .createTable(table)
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('n', 'integer', (c) => c.notNull())
      .execute();
  await db.schema
    .createTable('dashboard_daily_sites')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('dashboard_site_versions')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('plugin_slug', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull()) // '' = never reported
    .addColumn('is_local', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_site_versions_pk', ['field', 'plugin_slug', 'version', 'is_local'])
    .execute();
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  await sql`insert into dashboard_daily_orders (day, currency, kind, status, n, amount)
    select substr(paid_at, 1, 10), currency, kind, status, count(*), sum(amount) from orders
    where paid_at is not null and status in ('paid', 'refunded') group by substr(paid_at, 1, 10), currency, kind, status`.execute(db);
  await sql`insert into dashboard_daily_licences (day, n) select substr(created_at, 1, 10), count(*) from licenses group by substr(created_at, 1, 10)`.execute(
    db,
  );
  await sql`insert into dashboard_licence_expiries (day, n)
    select substr(coalesce(expires_at, ${sql.lit(NO_EXPIRY_DAY)}), 1, 10), count(*) from licenses where status = 'active'
    group by substr(coalesce(expires_at, ${sql.lit(NO_EXPIRY_DAY)}), 1, 10)`.execute(db);
  await sql`insert into dashboard_daily_sites (day, delta, counted)
    select day, sum(delta), sum(counted) from (
      select substr(created_at, 1, 10) as day, 1 as delta, 1 - is_local as counted from license_activations
      union all select substr(activated_at, 1, 10), 1, 1 - is_local from ended_activations
      union all select substr(deactivated_at, 1, 10), -1, is_local - 1 from ended_activations
    ) events group by day`.execute(db);
  for (const [field, column] of VERSION_FIELDS)
    await sql`insert into dashboard_site_versions (field, plugin_slug, version, is_local, n)
      select ${field}, l.plugin_slug, coalesce(a.${sql.ref(column)}, ''), a.is_local, count(*)
      from license_activations a join licenses l on l.id = a.license_id
      group by l.plugin_slug, coalesce(a.${sql.ref(column)}, ''), a.is_local`.execute(db);
}

const triggerName = (table: string, event: string) => `${table}_dashboard_${event}`;

const body = (statements: string[]) => statements.map((statement) => `${statement};`).join('\n');
const changedOn =
  (pg: boolean): Changed =>
  (columns) =>
    columns.map((c) => (pg ? `old.${c} is distinct from new.${c}` : `old.${c} is not new.${c}`)).join(' or ');
const updated = (source: Source, changed: Changed) => [
  ...source.statements('old', -1, changed),
  ...source.statements('new', 1, changed),
  ...(source.moves?.(changed) ?? []),
];

/**
 * PostgreSQL's triggers per row (0088-rollups-per-statement replaces them by triggers per statement, but for the
 * update of an activation; its down restores these).
 */
export async function keepPerRowOnPostgres(db: Kysely<unknown>): Promise<void> {
  const changed = changedOn(true);
  for (const source of SOURCES) {
    const fn = `${source.table}_dashboard_keep`;
    await sql
      .raw(
        `create or replace function ${fn}() returns trigger language plpgsql as $$ begin
          if tg_op = 'INSERT' then ${body(source.statements('new', 1, null))}
          elsif tg_op = 'DELETE' then ${body(source.statements('old', -1, null))}
          elsif ${changed(source.updateOf)} then ${body(updated(source, changed))}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${fn} after insert or delete or update of ${source.updateOf.join(', ')} on ${source.table} for each row execute function ${fn}()`)
      .execute(db);
  }
}

/** The columns of `table` whose update can move a figure. */
export const updateOf = (table: string): string[] => SOURCES.find((source) => source.table === table)?.updateOf ?? [];

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db);
  await backfill(db);
  const pg = isPostgres(db);
  if (pg) await keepPerRowOnPostgres(db);
  else {
    const changed = changedOn(false);
    for (const source of SOURCES) {
      await sql
        .raw(`create trigger ${triggerName(source.table, 'insert')} after insert on ${source.table} begin ${body(source.statements('new', 1, null))} end`)
        .execute(db);
      await sql
        .raw(`create trigger ${triggerName(source.table, 'delete')} after delete on ${source.table} begin ${body(source.statements('old', -1, null))} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${triggerName(source.table, 'update')} after update of ${source.updateOf.join(', ')} on ${source.table} when ${changed(source.updateOf)} begin ${body(updated(source, changed))} end`,
        )
        .execute(db);
    }
  }
  // A deleted licence's sites go first, while the licence still names their plugin (the foreign key's cascade
  // would delete them after it, when their versions could no longer be taken off the plugin's counts).
  if (pg) {
    await sql`create function licenses_dashboard_drop_sites() returns trigger language plpgsql as $$ begin
      delete from license_activations where license_id = old.id; return old; end $$`.execute(db);
    await sql`create trigger licenses_dashboard_drop_sites before delete on licenses for each row execute function licenses_dashboard_drop_sites()`.execute(db);
  } else {
    await sql`create trigger licenses_dashboard_drop_sites before delete on licenses begin delete from license_activations where license_id = old.id; end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const table of [...SOURCES.map((source) => source.table)]) {
    if (pg) {
      await sql.raw(`drop trigger if exists ${table}_dashboard_keep on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_dashboard_keep()`).execute(db);
    } else for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${triggerName(table, event)}`).execute(db);
  }
  if (pg) {
    await sql`drop trigger if exists licenses_dashboard_drop_sites on licenses`.execute(db);
    await sql`drop function if exists licenses_dashboard_drop_sites()`.execute(db);
  } else await sql`drop trigger if exists licenses_dashboard_drop_sites`.execute(db);
  for (const table of ['dashboard_daily_orders', 'dashboard_daily_licences', 'dashboard_licence_expiries', 'dashboard_daily_sites', 'dashboard_site_versions'])
    await db.schema.dropTable(table).execute();
}
