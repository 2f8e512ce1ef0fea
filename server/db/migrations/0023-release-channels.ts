import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Releases that cannot break every site at once (issue 29, docs/releases.md "Channels and staged rollouts").
// - A release is published to the `stable` or `beta` channel; a licence the vendor put on beta gets beta
//   releases whatever its sites send.
// - A stable release reaches `rollout_percent` of sites (a stable hash of site and release decides which);
//   `rollout_paused_at` stops it reaching any more (set by hand or by the automatic halt, with the reason);
//   `rollback_at` (set on withdrawal) offers the sites that run it the release before it.
// - Rollout steps raise the percentage at their times; one instance applies each (applied_at, one UPDATE).
// - Health reports: what a site said after updating to a release, once per release and site.
// The columns live in the rows the update check already reads (the plugin's releases, the licence), so
// choosing a channel and a rollout costs no extra query.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('releases')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('stable'))
    .execute();
  await db.schema
    .alterTable('releases')
    .addColumn('rollout_percent', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();
  for (const column of ['rollout_paused_at', 'rollout_pause_reason', 'rollback_at']) {
    await db.schema.alterTable('releases').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('licenses')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('stable'))
    .execute();

  await addIdColumn(db, db.schema.createTable('release_rollout_steps'))
    .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text')
    .execute();
  await db.schema.createIndex('release_rollout_steps_due').on('release_rollout_steps').columns(['applied_at', 'due_at']).execute();

  await addIdColumn(db, db.schema.createTable('release_health_reports'))
    .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('license_id', 'integer', (c) => c.notNull())
    .addColumn('site_url', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('running_version', 'text')
    .addColumn('fatal_errors', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('release_health_reports_release_site', ['release_id', 'site_url'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_health_reports').execute();
  await db.schema.dropTable('release_rollout_steps').execute();
  await db.schema.alterTable('licenses').dropColumn('channel').execute();
  for (const column of ['channel', 'rollout_percent', 'rollout_paused_at', 'rollout_pause_reason', 'rollback_at']) {
    await db.schema.alterTable('releases').dropColumn(column).execute();
  }
}
