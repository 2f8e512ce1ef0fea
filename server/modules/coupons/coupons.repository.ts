import { type Selectable, type Transaction, type Updateable } from 'kysely';
import type { CouponsTable, DB } from '../../db/schema.js';
import { fromBool, isPostgres, toBool } from '../../db/portable.js';
import type { AdminCoupon, CouponCreate, CouponKind } from '../../../common/coupons.js';
import type { Currency } from '../../../common/plugins.js';
import type { Db } from '../../db/database.js';

// The only place that builds SQL on coupons and coupon_redemptions (owner: the coupons module).

export type CouponRow = Selectable<CouponsTable>;
const parseList = <T>(text: string): T[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

export const couponPluginSlugs = (row: CouponRow): string[] => parseList<string>(row.plugin_slugs);
export const couponPriceIds = (row: CouponRow): number[] => parseList<number>(row.price_ids);

export function toAdminCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as CouponKind,
    value: row.value,
    currency: row.currency as Currency | null,
    plugin_slugs: couponPluginSlugs(row),
    price_ids: couponPriceIds(row),
    for_new: toBool(row.for_new),
    for_renewals: toBool(row.for_renewals),
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    max_redemptions: row.max_redemptions,
    max_per_buyer: row.max_per_buyer,
    redemptions: row.redemptions,
    active: toBool(row.active),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listCoupons(db: Db): Promise<CouponRow[]> {
  return db.selectFrom('coupons').selectAll().orderBy('active', 'desc').orderBy('id', 'desc').execute();
}

export async function findCouponById(db: Db, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By code, upper-cased by the caller (normalizeCouponCode). */
export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The coupon, its row locked in PostgreSQL until the transaction ends (SQLite runs one transaction at a time). */
export async function lockCouponByCode(trx: Transaction<DB>, code: string): Promise<CouponRow | undefined> {
  const query = trx.selectFrom('coupons').selectAll().where('code', '=', code);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** The codes of several coupons by id (orders' lists and receipts). */
export async function couponCodesById(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('coupons').select(['id', 'code']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** Inserts the coupon unless its code exists; answers undefined then (the unique index decides). */
export async function insertCoupon(db: Db, input: CouponCreate, at: string): Promise<CouponRow | undefined> {
  return db
    .insertInto('coupons')
    .values({
      code: input.code,
      kind: input.kind,
      value: input.value,
      currency: input.currency,
      plugin_slugs: JSON.stringify(input.plugin_slugs),
      price_ids: JSON.stringify(input.price_ids),
      for_new: fromBool(input.for_new),
      for_renewals: fromBool(input.for_renewals),
      valid_from: input.valid_from,
      valid_to: input.valid_to,
      max_redemptions: input.max_redemptions,
      max_per_buyer: input.max_per_buyer,
      redemptions: 0,
      active: fromBool(input.active),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function updateCoupon(db: Db, id: number, changes: Updateable<CouponsTable>): Promise<void> {
  await db.updateTable('coupons').set(changes).where('id', '=', id).execute();
}

export async function couponExistsWithCode(db: Db, code: string, exceptId: number): Promise<boolean> {
  const row = await db.selectFrom('coupons').select('id').where('code', '=', code).where('id', '!=', exceptId).executeTakeFirst();
  return row !== undefined;
}

/** How many orders of this buyer (lower-cased e-mail) took the coupon: paid ones and those still holding a reservation. */
export async function countBuyerRedemptions(db: Db, couponId: number, email: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('email', '=', email)
    .where((eb) => eb.or([eb('status', '=', 'redeemed'), eb.and([eb('status', '=', 'reserved'), eb('reserved_until', '>', now)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A customer's erase: their redemptions stay counted (the coupon's limits hold) under `replacement`, with no address. */
export async function eraseRedemptionAddress(db: Db, email: string, replacement: string): Promise<void> {
  await db.updateTable('coupon_redemptions').set({ email: replacement, client_address: null }).where('email', '=', email).execute();
}
