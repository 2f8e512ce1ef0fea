import { sql, type Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Dashboard analytics (docs/dashboard.md).
// - What a site last reported on validate and update checks: its plugin, WordPress and PHP versions, and
//   when a value last changed. Informational only: nothing decides on them. Null until the site reports.
// - Ended activations: deactivation deletes an activation row, so without a record of it the number of
//   active sites on a past day could not be known. Each deleted activation is copied here first.
//   Sites deactivated before this migration are recovered from the activity log where it has them
//   (backfillEndedActivations below); one deleted without an activity entry stays unknown.
// - Indexes for the per-day windows of the analytics queries.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['installed_version', 'wp_version', 'php_version', 'reported_at']) {
    await db.schema.alterTable('license_activations').addColumn(column, 'text').execute();
  }
  await addIdColumn(db, db.schema.createTable('ended_activations'))
    .addColumn('license_id', 'integer', (c) => c.notNull())
    .addColumn('site_url', 'text', (c) => c.notNull())
    .addColumn('is_local', 'integer', (c) => c.notNull())
    .addColumn('activated_at', 'text', (c) => c.notNull())
    .addColumn('deactivated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ended_activations_deactivated_at').on('ended_activations').column('deactivated_at').execute();
  await db.schema.createIndex('orders_paid_at').on('orders').column('paid_at').execute();
  await db.schema.createIndex('licenses_created_at').on('licenses').column('created_at').execute();
  await backfillEndedActivations(db);
}

interface ActivityRow {
  action_type: string;
  details: string;
  created_at: string;
}

/**
 * Replays the activity log's license_activated, license_deactivated (site or admin) and license_revoked
 * (every site released) entries, oldest first, and records each activation it sees end. Answers the number
 * of rows written. Exported for its test; only this migration runs it.
 */
export async function backfillEndedActivations(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<ActivityRow>`
    select action_type, details, created_at from activities
    where action_type in ('license_activated', 'license_deactivated', 'license_revoked')
    order by created_at, id`.execute(db);
  const licenseIds = new Map((await sql<{ id: number; key: string }>`select id, key from licenses`.execute(db)).rows.map((row) => [row.key, row.id]));
  const open = new Map<string, { key: string; site: string; isLocal: boolean; at: string }>();
  const ended: Array<{ license_id: number; site_url: string; is_local: number; activated_at: string; deactivated_at: string }> = [];
  const end = (id: string, at: string) => {
    const started = open.get(id);
    const licenseId = started && licenseIds.get(started.key);
    if (started && licenseId !== undefined)
      ended.push({ license_id: licenseId, site_url: started.site, is_local: started.isLocal ? 1 : 0, activated_at: started.at, deactivated_at: at });
    open.delete(id);
  };
  for (const row of rows) {
    let details: { license_key?: unknown; site_url?: unknown; is_local?: unknown };
    try {
      details = JSON.parse(row.details) as typeof details;
    } catch {
      continue;
    }
    if (typeof details.license_key !== 'string') continue;
    const key = details.license_key;
    if (row.action_type === 'license_revoked') {
      for (const [id, started] of open) if (started.key === key) end(id, row.created_at);
      continue;
    }
    if (typeof details.site_url !== 'string') continue;
    const id = `${key}\n${details.site_url}`;
    if (row.action_type === 'license_deactivated') end(id, row.created_at);
    else if (!open.has(id)) open.set(id, { key, site: details.site_url, isLocal: details.is_local === true, at: row.created_at });
  }
  const table = (db as Kysely<{ ended_activations: (typeof ended)[number] }>).insertInto('ended_activations');
  for (let start = 0; start < ended.length; start += 500) await table.values(ended.slice(start, start + 500)).execute();
  return ended.length;
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('licenses_created_at').execute();
  await db.schema.dropIndex('orders_paid_at').execute();
  await db.schema.dropTable('ended_activations').execute();
  for (const column of ['reported_at', 'php_version', 'wp_version', 'installed_version']) {
    await db.schema.alterTable('license_activations').dropColumn(column).execute();
  }
}
