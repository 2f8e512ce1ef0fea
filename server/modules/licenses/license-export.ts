// The licences and their activations in this server's own export, and their re-import into an empty shop
// (server/db/table-copy.ts). Ended activations (the dashboard's history) are not part of the export.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readAllRows, type TableRow } from '../../db/table-copy.js';

export type LicenseExportRow = TableRow<'licenses'>;
export type ActivationExportRow = TableRow<'license_activations'>;
export const exportLicenseRows = (db: Kysely<DB> | Transaction<DB>): Promise<LicenseExportRow[]> => readAllRows(db, 'licenses', 'id');
export const exportActivationRows = (db: Kysely<DB> | Transaction<DB>): Promise<ActivationExportRow[]> => readAllRows(db, 'license_activations', 'id');
export async function restoreLicenseRows(trx: Transaction<DB>, licenses: LicenseExportRow[], activations: ActivationExportRow[]): Promise<void> {
  await insertRowsAsTheyAre(trx, 'licenses', licenses);
  await insertRowsAsTheyAre(trx, 'license_activations', activations);
}
export const countLicenseRows = (db: Kysely<DB> | Transaction<DB>): Promise<number> => countAllRows(db, 'licenses');
