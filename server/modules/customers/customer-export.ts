// The customer rows in this server's own export, read in pages, and their re-import into an empty shop
// (server/db/table-copy.ts).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readRowPages, type TableRow } from '../../db/table-copy.js';
import type { Db } from '../../db/database.js';

export type CustomerExportRow = TableRow<'customers'>;
export const exportCustomerRows = (db: Db): AsyncIterable<CustomerExportRow[]> => readRowPages(db, 'customers', 'id');
export const restoreCustomerRows = (trx: Transaction<DB>, rows: CustomerExportRow[]): Promise<void> => insertRowsAsTheyAre(trx, 'customers', rows);
export const countCustomerRows = (db: Db): Promise<number> => countAllRows(db, 'customers');
