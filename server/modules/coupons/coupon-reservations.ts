import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Recorder } from '../../kernel/events.js';
import { AppError } from '../../lib/errors.js';
import { addRedemption, countLiveReservations, insertReservation, markReservationRedeemed } from './coupon-reservations.repository.js';

// Limited coupons are reserved, not spent, by an unpaid checkout (issue 37; docs/pricing.md "Coupons"). The order
// a checkout makes holds a reservation for COUPON_RESERVATION_MS, counted against max_redemptions with the paid
// redemptions; its payment turns it into a redemption (the recorder below, in the payment's transaction); a
// cancelled or replaced checkout releases it, and one nobody pays simply runs out. One address holds at most
// COUPON_RESERVATIONS_PER_ADDRESS live reservations of one limited coupon, so a stranger's unpaid checkouts cannot
// use a coupon up.

/** How long an unpaid checkout holds its place on a limited coupon: long enough to type a card, short enough that
 *  an abandoned checkout gives its place back the same hour. */
export const COUPON_RESERVATION_MS = 30 * 60_000;

/** Live reservations of one limited coupon that one client address may hold at once. */
export const COUPON_RESERVATIONS_PER_ADDRESS = 3;

export const reservedUntil = (at: string): string => new Date(Date.parse(at) + COUPON_RESERVATION_MS).toISOString();

/** The places of a coupon taken now: paid redemptions plus live reservations (only counted for a limited coupon). */
export async function usedPlaces(db: Kysely<DB> | Transaction<DB>, coupon: { id: number; redemptions: number; max_redemptions: number | null }, now: string) {
  return coupon.max_redemptions === null ? coupon.redemptions : coupon.redemptions + (await countLiveReservations(db, coupon.id, now));
}

const tooManyFromAddress = (code: string) =>
  new AppError(
    'RATE_LIMITED',
    `${COUPON_RESERVATIONS_PER_ADDRESS} unpaid checkouts with the coupon ${code} are already waiting from your address. Pay for one of them, or wait up to ${COUPON_RESERVATION_MS / 60_000} minutes for one to lapse, before starting another.`,
  );

/**
 * Reserves a place on the coupon for the checkout's order, in the checkout's transaction and under the coupon's row
 * lock (taken by the caller), after the limits were checked against that locked row. Refuses (429) a fourth live
 * reservation of a limited coupon from one address.
 */
export async function reserveCoupon(
  trx: Transaction<DB>,
  coupon: { id: number; code: string; max_redemptions: number | null },
  order: { id: number; email: string },
  clientAddress: string | null,
  at: string,
): Promise<void> {
  if (coupon.max_redemptions !== null && clientAddress !== null) {
    if ((await countLiveReservations(trx, coupon.id, at, clientAddress)) >= COUPON_RESERVATIONS_PER_ADDRESS) throw tooManyFromAddress(coupon.code);
  }
  await insertReservation(trx, {
    coupon_id: coupon.id,
    order_id: order.id,
    email: order.email.trim().toLowerCase(),
    client_address: clientAddress,
    created_at: at,
    reserved_until: reservedUntil(at),
  });
}

/** The recorder that turns a paid order's reservation into a redemption, in the payment's transaction. */
export const redeemReservationOnPayment: Recorder = async (trx, event) => {
  if (event.type !== 'order.paid' || event.data.coupon_id === null) return;
  const couponId = await markReservationRedeemed(trx, event.data.id);
  if (couponId !== undefined) await addRedemption(trx, couponId, event.at);
};
