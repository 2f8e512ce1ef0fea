import type { Kysely } from 'kysely';

// Release metadata read from the zip at upload (main file header and readme.txt), and the withdraw/offered
// marks. Releases stored before this migration keep nulls: the update check then falls back to the plugin's
// own requires/tested fields.
const TEXT_COLUMNS = ['requires_wp', 'tested_wp', 'requires_php', 'author', 'changelog', 'upgrade_notice', 'withdrawn_at', 'offered_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('releases').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of TEXT_COLUMNS) await db.schema.alterTable('releases').dropColumn(column).execute();
}
