import type { Kysely } from 'kysely';

// The update answer's changelog HTML, made once at upload from the readme's changelog (issue 23: converting
// it on every update check cost each check the readme's size in work). Releases stored before this
// migration keep null: the update check then converts their `changelog` as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('releases').addColumn('changelog_html', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('releases').dropColumn('changelog_html').execute();
}
