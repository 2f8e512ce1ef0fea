// The coupons and their redemptions in this server's own export, read in pages, and their re-import into an empty
// shop (server/db/table-copy.ts). Redemptions name their coupon and order, so they are written after both.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { countAllRows, insertRowsAsTheyAre, readRowPages, type TableRow } from '../../db/table-copy.js';
import type { Db } from '../../db/database.js';

export type CouponExportRow = TableRow<'coupons'>;
export type CouponRedemptionExportRow = TableRow<'coupon_redemptions'>;
export const exportCouponRows = (db: Db): AsyncIterable<CouponExportRow[]> => readRowPages(db, 'coupons', 'id');
export const exportCouponRedemptionRows = (db: Db): AsyncIterable<CouponRedemptionExportRow[]> => readRowPages(db, 'coupon_redemptions', 'id');
export const restoreCouponRows = (trx: Transaction<DB>, rows: CouponExportRow[]): Promise<void> => insertRowsAsTheyAre(trx, 'coupons', rows);
export const restoreCouponRedemptionRows = (trx: Transaction<DB>, rows: CouponRedemptionExportRow[]): Promise<void> =>
  insertRowsAsTheyAre(trx, 'coupon_redemptions', rows);
export const countCouponRows = (db: Db): Promise<number> => countAllRows(db, 'coupons');
