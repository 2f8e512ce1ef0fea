// The price tiers in this server's own export, read in pages, and their re-import into an empty shop (server/db/table-copy.ts).
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readRowPages, type TableRow } from '../../db/table-copy.js';
import type { Db } from '../../db/database.js';

export type PriceExportRow = TableRow<'plugin_prices'>;
export const exportPriceRows = (db: Db): AsyncIterable<PriceExportRow[]> => readRowPages(db, 'plugin_prices', 'id');
export const restorePriceRows = (trx: Transaction<DB>, rows: PriceExportRow[]): Promise<void> => insertRowsAsTheyAre(trx, 'plugin_prices', rows);
/** How many price tiers there are. */
export const countPriceRows = (db: Db): Promise<number> => countAllRows(db, 'plugin_prices');
export async function deleteAllPriceRows(trx: Transaction<DB>): Promise<void> {
  await trx.deleteFrom('plugin_prices').execute();
}
