// A licence's order, price tier and buyer by its key, on the EDD check_license hot path (server/modules/edd-compat):
// read in the same turn, so in the same SQLite read batch, as the validation lookup (server/db/batched-read.ts).
import type { AppContext } from '../../kernel/context.js';
import { openBatchedRead, type BatchedRead } from '../../db/batched-read.js';

export interface LicensePurchase {
  order_id: number | null;
  price_id: number | null;
  customer_email: string | null;
}

const SELECT = 'select order_id, price_id, customer_email from licenses where key =';

/** By the canonical key; null for in-memory SQLite (use findLicenseByKey). */
export const openLicensePurchaseReader = (ctx: Pick<AppContext, 'config' | 'db'>): BatchedRead<LicensePurchase> | null =>
  openBatchedRead<LicensePurchase>(ctx, 'license-purchase', { sqlite: `${SELECT} ?`, postgres: `${SELECT} $1` });
