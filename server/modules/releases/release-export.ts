// Release metadata in this server's own export (rows and changelogs, read in pages; not the zips: docs/migrating.md
// says how to carry the files), and its re-import into an empty shop (server/db/table-copy.ts).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readRowPages, type TableRow } from '../../db/table-copy.js';
import type { Db } from '../../db/database.js';

export type ReleaseExportRow = TableRow<'releases'>;
export type ReleaseChangelogExportRow = TableRow<'release_changelogs'>;
export const exportReleaseRows = (db: Db): AsyncIterable<ReleaseExportRow[]> => readRowPages(db, 'releases', 'id');
export const exportReleaseChangelogRows = (db: Db): AsyncIterable<ReleaseChangelogExportRow[]> => readRowPages(db, 'release_changelogs', 'release_id');
export async function restoreReleaseRows(trx: Transaction<DB>, releases: ReleaseExportRow[], changelogs: ReleaseChangelogExportRow[]): Promise<void> {
  await insertRowsAsTheyAre(trx, 'releases', releases);
  await insertRowsAsTheyAre(trx, 'release_changelogs', changelogs, false);
}
export const countReleaseRows = (db: Db): Promise<number> => countAllRows(db, 'releases');
