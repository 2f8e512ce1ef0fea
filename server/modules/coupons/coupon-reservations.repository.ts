import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

// SQL on coupon_redemptions as reservations (0068-coupon-reservations; owner: the coupons module). A row is
// 'reserved' while its order waits for payment (until reserved_until), 'redeemed' once it is paid, 'released' when
// the checkout was cancelled or replaced. Only redeemed rows and live reservations count against a coupon's limits.

type Db = Kysely<DB> | Transaction<DB>;

const count = (n: unknown) => Number(n);

/** Live reservations of a coupon (unpaid orders whose hold has not run out), all or those made from one address. */
export async function countLiveReservations(db: Db, couponId: number, now: string, clientAddress?: string): Promise<number> {
  let query = db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('status', '=', 'reserved')
    .where('reserved_until', '>', now);
  if (clientAddress !== undefined) query = query.where('client_address', '=', clientAddress);
  return count((await query.executeTakeFirstOrThrow()).n);
}

/** Whether the order's reservation has run out while it waited (its buyer trying again then gets a new order). */
export async function hasLapsedReservation(db: Db, orderId: number, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'reserved')
    .where('reserved_until', '<=', now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReservation(
  trx: Transaction<DB>,
  row: { coupon_id: number; order_id: number; email: string; client_address: string | null; created_at: string; reserved_until: string },
): Promise<void> {
  await trx
    .insertInto('coupon_redemptions')
    .values({ ...row, status: 'reserved' })
    .execute();
}

/** The paid order's reservation (live, run out or released) becomes a redemption; answers the coupon whose count grows. */
export async function markReservationRedeemed(trx: Transaction<DB>, orderId: number): Promise<number | undefined> {
  const row = await trx
    .updateTable('coupon_redemptions')
    .set({ status: 'redeemed', reserved_until: null })
    .where('order_id', '=', orderId)
    .where('status', '!=', 'redeemed')
    .returning('coupon_id')
    .executeTakeFirst();
  return row?.coupon_id;
}

/** Gives up the reservations of orders that will not be paid (cancelled, replaced by a new checkout). */
export async function releaseReservations(db: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('coupon_redemptions')
    .set({ status: 'released', reserved_until: null })
    .where('order_id', 'in', [...orderIds])
    .where('status', '=', 'reserved')
    .execute();
}

/** A payment counts even past the limit: the buyer was charged the discounted price (docs/pricing.md "Coupons"). */
export async function addRedemption(trx: Transaction<DB>, couponId: number, at: string): Promise<void> {
  await trx
    .updateTable('coupons')
    .set({ redemptions: sql`redemptions + 1`, updated_at: at })
    .where('id', '=', couponId)
    .execute();
}
