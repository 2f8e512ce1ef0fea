// A buyer's name by address, on the EDD check_license hot path (server/modules/edd-compat): one prepared statement
// in the turn's SQLite read batch, or one named statement for the turn's addresses on PostgreSQL
// (server/db/batched-read.ts).
import type { AppContext } from '../../kernel/context.js';
import { openBatchedRead, type BatchedRead } from '../../db/batched-read.js';

/** By the lower-cased address; null for in-memory SQLite (use findCustomerByEmail). */
export const openCustomerNameReader = (ctx: Pick<AppContext, 'config' | 'db'>): BatchedRead<{ name: string | null }> | null =>
  openBatchedRead<{ name: string | null }>(ctx, 'customer-names', {
    sqlite: 'select name from customers where email = ?',
    postgres: 'select email as parameter, name from customers where email = any($1::text[])',
  });
