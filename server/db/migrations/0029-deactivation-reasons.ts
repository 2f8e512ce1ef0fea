import type { Kysely } from 'kysely';
import { addIdColumn } from '../portable.js';

// Deactivation reasons (issue 29, docs/releases.md "Deactivation reasons"): when the vendor turns the survey on,
// the WordPress client asks why on deactivation and sends the answer; one per release and site (the release
// the site ran). Owner: release-health.
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIdColumn(db, db.schema.createTable('release_deactivation_reasons'))
    .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('license_id', 'integer', (c) => c.notNull())
    .addColumn('site_url', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('release_deactivation_reasons_release_site', ['release_id', 'site_url'])
    .execute();
  await db.schema.createIndex('release_deactivation_reasons_created').on('release_deactivation_reasons').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_deactivation_reasons').execute();
}
