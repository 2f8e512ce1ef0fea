import { sql, type Kysely } from 'kysely';

// Retention (issue 44; docs/big-shop.md, "Retention"): the worker that removes old activity, webhook deliveries,
// e-mail bodies and site reports claims its run here (one row per job: a lease, and when it last ran), so several
// instances run it once; and each removal reads the old rows off an index, a batch at a time, never the whole table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retention_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('lease_until', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('last_run_at', 'text')
    .execute();
  await sql`create index webhook_deliveries_finished on webhook_deliveries (created_at) where status in ('delivered', 'failed')`.execute(db);
  await sql`create index emails_body_kept on emails (created_at) where status in ('sent', 'failed') and text <> ''`.execute(db);
  await sql`create index release_health_reports_created on release_health_reports (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['webhook_deliveries_finished', 'emails_body_kept', 'release_health_reports_created'])
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await db.schema.dropTable('retention_runs').execute();
}
