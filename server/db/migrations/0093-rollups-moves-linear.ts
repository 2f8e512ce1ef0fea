import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../portable.js';
import { EVENTS, FIGURES, MOVES, upsert, versions } from './0088-rollups-per-statement.js';

// PostgreSQL: the roll-ups' trigger on an update of licences (0088) in time linear in the statement's rows (issue 44).
// Its last upsert moved the site versions of licences whose plugin changed, found by joining the statement's new rows
// to its old ones (`r.id in (select n.id from new_rows n join old_rows o on o.id = n.id where …)`). PostgreSQL plans
// a transition table as one row, so that became a nested loop of old rows × new rows, redone for each old row and each
// of the three versions: a statement renewing 2,500 licences ran for minutes (bench/workers-due.ts at 100,000
// licences, which moves the expiry of every opted-in licence in statements of 5,000 opt-ins). The trigger has no
// column list (a trigger with transition tables takes none), so every update of many licences paid it, whatever it
// changed. Now the licences whose plugin changed are found by one grouping of the old and new rows, no join, and the
// versions' upsert runs only when there are some.
const LINEAR_MOVES = versions('join license_activations a on a.license_id = r.id', 'r.plugin_slug', 'a', 'r.id = any(moved)');

const functionOf = (body: string, declare = '') =>
  sql.raw(`create or replace function licenses_rollups_update() returns trigger language plpgsql as $$ ${declare}begin ${body} return null; end $$`);
const others = () => FIGURES.licenses!.map((figure) => `${upsert(figure, EVENTS.update)};`).join('\n');

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await functionOf(
    `${others()}
    select coalesce(array_agg(id), '{}') into moved from (select id from (select id, plugin_slug from old_rows union all select id, plugin_slug from new_rows) u
      group by id having count(distinct plugin_slug) > 1) m;
    if cardinality(moved) > 0 then ${upsert(LINEAR_MOVES, EVENTS.update)}; end if;`,
    'declare moved integer[]; ',
  ).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await functionOf(`${others()}\n${upsert(MOVES, EVENTS.update)};`).execute(db);
}
