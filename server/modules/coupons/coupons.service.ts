import type { Transaction } from 'kysely';
import { unitOfWork, withinUnit, type UnitContext, type UnitOrContext } from '../../kernel/events.js';
import type { Database, Db } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { fromBool } from '../../db/portable.js';
import { formatMoney } from '../../../common/pricing.js';
import { tierPriceMinor, type OrderKind } from '../../../common/prices.js';
import {
  COUPON_REFUSALS,
  couponDiscountMinor,
  couponRuleProblem,
  normalizeCouponCode,
  type AdminCoupon,
  type CouponCheckRequest,
  type CouponCheckResponse,
  type CouponCreate,
  type CouponKind,
  type CouponPatch,
  type CouponRefusalReason,
} from '../../../common/coupons.js';
import { recordActivity } from '../activities/index.js';
import { findPluginBySlug } from '../plugins/index.js';
import { findPriceById, resolveCheckoutTier } from '../prices/index.js';
import {
  countBuyerRedemptions,
  couponExistsWithCode,
  couponPluginSlugs,
  couponPriceIds,
  findCouponByCode,
  findCouponById,
  insertCoupon,
  listCoupons,
  lockCouponByCode,
  toAdminCoupon,
  updateCoupon,
  type CouponRow,
} from './coupons.repository.js';
import { reserveCoupon, usedPlaces } from './coupon-reservations.js';

// Coupons (docs/pricing.md "Coupons"). The checkout's order reserves its place when it is created, in the order's
// transaction and under the coupon's row lock (PostgreSQL; SQLite runs one transaction at a time), so the limits are
// exact however many checkouts run at once; the payment turns the reservation into a redemption
// (coupon-reservations.ts).

const duplicateCode = (code: string) => new AppError('CONFLICT', `A coupon with the code ${code} exists already; choose another code`);

export async function listAdminCoupons(db: Db): Promise<AdminCoupon[]> {
  return (await listCoupons(db)).map(toAdminCoupon);
}

/** Every plugin and tier a coupon names must exist: a typo would make a coupon that applies to nothing. */
async function checkScope(db: Db, scope: { plugin_slugs?: string[] | undefined; price_ids?: number[] | undefined }): Promise<void> {
  for (const slug of scope.plugin_slugs ?? []) {
    if (!(await findPluginBySlug(db, slug))) throw new AppError('BAD_REQUEST', `plugin_slugs: no plugin with the slug "${slug}"`);
  }
  for (const id of scope.price_ids ?? []) {
    if (!(await findPriceById(db, id))) throw new AppError('BAD_REQUEST', `price_ids: no price tier with the id ${id}`);
  }
}

export async function createCoupon(ctx: UnitContext, input: CouponCreate): Promise<AdminCoupon> {
  const { db } = ctx;
  await checkScope(db, input);
  const at = nowIso();
  const row = await unitOfWork(ctx, async ({ trx }) => {
    const inserted = await insertCoupon(trx, { ...input, plugin_slugs: [...new Set(input.plugin_slugs)], price_ids: [...new Set(input.price_ids)] }, at);
    if (!inserted) throw duplicateCode(input.code);
    await recordActivity(trx, 'coupon_created', { coupon_id: inserted.id, code: inserted.code }, at);
    return inserted;
  });
  return toAdminCoupon(row);
}

/** Edits any field; `active: false` deactivates (coupons are never deleted: orders name them). */
export async function editCoupon(ctx: UnitContext, id: number, patch: CouponPatch): Promise<AdminCoupon> {
  const { db } = ctx;
  await checkScope(db, patch);
  const at = nowIso();
  const row = await unitOfWork(ctx, async ({ trx }) => {
    const before = await findCouponById(trx, id);
    if (!before) throw new AppError('NOT_FOUND', `No coupon with the id ${id}`);
    const merged = { ...toAdminCoupon(before), ...patch };
    const problem = couponRuleProblem(merged);
    if (problem) throw new AppError('BAD_REQUEST', `${problem.path}: ${problem.message}`);
    if (patch.code !== undefined && (await couponExistsWithCode(trx, patch.code, id))) throw duplicateCode(patch.code);
    const { plugin_slugs, price_ids, for_new, for_renewals, active, ...rest } = patch;
    await updateCoupon(trx, id, {
      ...rest,
      ...(plugin_slugs !== undefined && { plugin_slugs: JSON.stringify([...new Set(plugin_slugs)]) }),
      ...(price_ids !== undefined && { price_ids: JSON.stringify([...new Set(price_ids)]) }),
      ...(for_new !== undefined && { for_new: fromBool(for_new) }),
      ...(for_renewals !== undefined && { for_renewals: fromBool(for_renewals) }),
      ...(active !== undefined && { active: fromBool(active) }),
      updated_at: at,
    });
    await recordActivity(trx, 'coupon_updated', { coupon_id: id, code: merged.code, changed: Object.keys(patch) }, at);
    return (await findCouponById(trx, id)) as CouponRow;
  });
  return toAdminCoupon(row);
}

/** What a coupon is asked to discount: a tier of a plugin, for a kind of order, maybe for a known buyer. */
export interface CouponTarget {
  pluginSlug: string;
  tier: { id: number; amount: number; sale_amount: number | null; currency: string };
  kind: OrderKind;
  /** The buyer's e-mail, for the per-buyer limit; left out, that limit is not checked. */
  email?: string | undefined;
}

export type CouponOutcome =
  { ok: true; coupon: CouponRow; price: number; discount: number; amount: number; currency: string } | { ok: false; reason: CouponRefusalReason };

/**
 * The rules, in the order a buyer would want to hear them; `used` is the places taken (paid redemptions and live
 * reservations), `buyerRedemptions` the buyer's count when known.
 */
function evaluate(coupon: CouponRow | undefined, target: CouponTarget, now: string, used: number, buyerRedemptions: number | null): CouponOutcome {
  if (!coupon) return { ok: false, reason: 'unknown' };
  if (coupon.active !== 1) return { ok: false, reason: 'inactive' };
  if (coupon.valid_from !== null && now < coupon.valid_from) return { ok: false, reason: 'not_yet_valid' };
  if (coupon.valid_to !== null && now >= coupon.valid_to) return { ok: false, reason: 'expired' };
  if (target.kind === 'renewal' ? coupon.for_renewals !== 1 : coupon.for_new !== 1) {
    return { ok: false, reason: target.kind === 'renewal' ? 'not_for_renewals' : 'not_for_new' };
  }
  const slugs = couponPluginSlugs(coupon);
  const priceIds = couponPriceIds(coupon);
  const everything = slugs.length === 0 && priceIds.length === 0;
  if (!everything && !slugs.includes(target.pluginSlug) && !priceIds.includes(target.tier.id)) return { ok: false, reason: 'out_of_scope' };
  if (coupon.kind === 'fixed' && coupon.currency !== target.tier.currency) return { ok: false, reason: 'wrong_currency' };
  if (coupon.max_redemptions !== null && used >= coupon.max_redemptions) return { ok: false, reason: 'exhausted' };
  if (coupon.max_per_buyer !== null && buyerRedemptions !== null && buyerRedemptions >= coupon.max_per_buyer) return { ok: false, reason: 'buyer_limit' };
  const price = tierPriceMinor(target.tier);
  const discount = couponDiscountMinor({ kind: coupon.kind as CouponKind, value: coupon.value }, price);
  if (price - discount <= 0) return { ok: false, reason: 'free_order' };
  return { ok: true, coupon, price, discount, amount: price - discount, currency: target.tier.currency };
}

async function evaluateCode(db: Db, coupon: CouponRow | undefined, target: CouponTarget): Promise<CouponOutcome> {
  const email = target.email?.trim().toLowerCase();
  const now = nowIso();
  const buyer = coupon && coupon.max_per_buyer !== null && email ? await countBuyerRedemptions(db, coupon.id, email, now) : null;
  return evaluate(coupon, target, now, coupon ? await usedPlaces(db, coupon, now) : 0, buyer);
}

export const couponLabel = (coupon: Pick<CouponRow, 'kind' | 'value' | 'currency'>): string =>
  coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatMoney(coupon.value, coupon.currency ?? '')} off`;

/** POST /api/coupons/check: the discounted amount, or the reason the code does not apply (both 200). */
export async function checkCoupon(db: Database, body: CouponCheckRequest): Promise<CouponCheckResponse> {
  const plugin = await findPluginBySlug(db, body.plugin);
  if (!plugin) throw new AppError('NOT_FOUND', `No plugin with the id '${body.plugin}' exists`);
  const tier = await resolveCheckoutTier(db, plugin.slug, body.price_id);
  const code = normalizeCouponCode(body.coupon_code);
  const outcome = await evaluateCode(db, await findCouponByCode(db, code), { pluginSlug: plugin.slug, tier, kind: body.kind, email: body.email });
  if (!outcome.ok) return { valid: false, code, reason: outcome.reason, message: COUPON_REFUSALS[outcome.reason] };
  const { coupon, price, discount, amount, currency } = outcome;
  return { valid: true, code: coupon.code, price, discount, amount, currency, label: couponLabel(coupon) };
}

/** A coupon a checkout applies: what it takes off and what is charged. */
export interface AppliedCoupon {
  couponId: number;
  code: string;
  price: number;
  discount: number;
  amount: number;
}

const refusal = (reason: CouponRefusalReason) => new AppError('UNPROCESSABLE', COUPON_REFUSALS[reason], { reason });

/** Checkout's first look at a code (before any intent is made): the discount, or a 422 with the reason. */
export async function priceWithCoupon(db: Db, code: string, target: CouponTarget): Promise<AppliedCoupon> {
  const outcome = await evaluateCode(db, await findCouponByCode(db, normalizeCouponCode(code)), target);
  if (!outcome.ok) throw refusal(outcome.reason);
  return { couponId: outcome.coupon.id, code: outcome.coupon.code, price: outcome.price, discount: outcome.discount, amount: outcome.amount };
}

/**
 * Inserts the checkout's order (`insertOrder`, in the checkout's unit of work) and reserves its place on the coupon
 * with it, all or nothing: the coupon's row is locked (PostgreSQL), every rule is checked again against the locked
 * row (the code may have been used up, deactivated or repriced since priceWithCoupon), and a coupon_redemptions row
 * names the order, the buyer and the client address, reserved for COUPON_RESERVATION_MS (coupon-reservations.ts). A
 * refusal throws (422; 429 past the per-address cap) and writes nothing. Answers undefined, reserving nothing, when
 * `insertOrder` does (a parallel attempt of the same buyer recorded its order).
 */
export async function redeemCouponWithOrder<T extends { id: number }>(
  unit: UnitOrContext,
  applied: AppliedCoupon,
  target: CouponTarget & { email: string; clientAddress?: string | null | undefined },
  insertOrder: (trx: Transaction<DB>) => Promise<T | undefined>,
): Promise<T | undefined> {
  return withinUnit(unit, async ({ trx }) => {
    const coupon = await lockCouponByCode(trx, applied.code);
    const outcome = await evaluateCode(trx, coupon, target);
    if (!outcome.ok) throw refusal(outcome.reason);
    if (outcome.amount !== applied.amount)
      throw new AppError('CONFLICT', 'This coupon changed while you were checking out. Reload the page and apply it again.');
    const order = await insertOrder(trx);
    if (!order) return undefined;
    await reserveCoupon(trx, outcome.coupon, { id: order.id, email: target.email }, target.clientAddress ?? null, nowIso());
    return order;
  });
}
