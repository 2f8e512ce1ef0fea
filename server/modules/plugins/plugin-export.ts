// The plugin rows in this server's own export, and their re-import into an empty shop (server/db/table-copy.ts).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readAllRows, type TableRow } from '../../db/table-copy.js';
import type { Db } from '../../db/database.js';
import { notePluginItemWrite } from './plugins.repository.js';

export type PluginExportRow = TableRow<'plugins'>;
export const exportPluginRows = (db: Db): Promise<PluginExportRow[]> => readAllRows(db, 'plugins', 'id');
export function restorePluginRows(trx: Transaction<DB>, rows: PluginExportRow[]): Promise<void> {
  notePluginItemWrite();
  return insertRowsAsTheyAre(trx, 'plugins', rows);
}
export const countPluginRows = (db: Db): Promise<number> => countAllRows(db, 'plugins');
/** Removes every plugin row: a re-import replaces a catalogue nothing refers to yet (the demo one). */
export async function deleteAllPluginRows(trx: Transaction<DB>): Promise<void> {
  notePluginItemWrite();
  await trx.deleteFrom('plugins').execute();
}
