// The orders in this server's own export, read in pages, and their re-import into an empty shop
// (server/db/table-copy.ts). Payment events (the providers' delivery log) are not part of the export.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readRowPages, type TableRow } from '../../db/table-copy.js';
import type { Db } from '../../db/database.js';

export type OrderExportRow = TableRow<'orders'>;
export const exportOrderRows = (db: Db): AsyncIterable<OrderExportRow[]> => readRowPages(db, 'orders', 'id');
export const restoreOrderRows = (trx: Transaction<DB>, rows: OrderExportRow[]): Promise<void> => insertRowsAsTheyAre(trx, 'orders', rows);
export const countOrderRows = (db: Db): Promise<number> => countAllRows(db, 'orders');
