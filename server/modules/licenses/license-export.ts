// The licences, their activations and their ended activations (the dashboard's history of sites) in this server's
// own export, read in pages, and their re-import into an empty shop (server/db/table-copy.ts).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readRowPages, type TableRow } from '../../db/table-copy.js';
import type { Db } from '../../db/database.js';

export type LicenseExportRow = TableRow<'licenses'>;
export type ActivationExportRow = TableRow<'license_activations'>;
export type EndedActivationExportRow = TableRow<'ended_activations'>;
export const exportLicenseRows = (db: Db): AsyncIterable<LicenseExportRow[]> => readRowPages(db, 'licenses', 'id');
export const exportActivationRows = (db: Db): AsyncIterable<ActivationExportRow[]> => readRowPages(db, 'license_activations', 'id');
export const exportEndedActivationRows = (db: Db): AsyncIterable<EndedActivationExportRow[]> => readRowPages(db, 'ended_activations', 'id');
export async function restoreLicenseRows(trx: Transaction<DB>, licenses: LicenseExportRow[], activations: ActivationExportRow[]): Promise<void> {
  await insertRowsAsTheyAre(trx, 'licenses', licenses);
  await insertRowsAsTheyAre(trx, 'license_activations', activations);
}
export const restoreEndedActivationRows = (trx: Transaction<DB>, rows: EndedActivationExportRow[]): Promise<void> =>
  insertRowsAsTheyAre(trx, 'ended_activations', rows);
export const countLicenseRows = (db: Db): Promise<number> => countAllRows(db, 'licenses');
