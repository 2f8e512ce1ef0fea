import { sql, type Kysely } from 'kysely';

// Release changelogs move out of `releases` into a table of their own (issue 23). In the row they made every
// read of a release, such as the update check's list of a plugin's releases, walk up to a readme's worth of
// overflow pages; here only the latest release's changelog is read, and only its HTML, made once at upload.
// Changelogs stored before keep their text and no HTML: the update check converts those per request.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('release_changelogs')
    .addColumn('release_id', 'integer', (c) => c.primaryKey().references('releases.id').onDelete('cascade'))
    // First, so reading it never walks the text's overflow pages.
    .addColumn('html', 'text')
    .addColumn('changelog', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into release_changelogs (release_id, html, changelog) select id, null, changelog from releases where changelog is not null`.execute(db);
  await db.schema.alterTable('releases').dropColumn('changelog').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('releases').addColumn('changelog', 'text').execute();
  await sql`update releases set changelog = (select changelog from release_changelogs where release_id = releases.id)`.execute(db);
  await db.schema.dropTable('release_changelogs').execute();
}
