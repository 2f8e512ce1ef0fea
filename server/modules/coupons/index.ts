// The coupons module's door: discount codes (docs/pricing.md "Coupons"). Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { couponCodesById, eraseRedemptionAddress } from './coupons.repository.js';
export { hasLapsedReservation as couponHoldLapsed, releaseReservations as releaseCouponReservations } from './coupon-reservations.repository.js';
export { COUPON_RESERVATION_MS, COUPON_RESERVATIONS_PER_ADDRESS } from './coupon-reservations.js';
export { couponLabel, priceWithCoupon, redeemCouponWithOrder, type AppliedCoupon, type CouponTarget } from './coupons.service.js';
export {
  countCouponRows,
  type CouponExportRow,
  type CouponRedemptionExportRow,
  exportCouponRedemptionRows,
  exportCouponRows,
  restoreCouponRedemptionRows,
  restoreCouponRows,
} from './coupon-export.js';

import type { AppModule } from '../../kernel/module.js';
import { registerCouponRoutes } from './coupons.routes.js';
import { redeemReservationOnPayment } from './coupon-reservations.js';

/** What the composition root installs (server/services.ts). */
export const couponsModule: AppModule = { name: 'coupons', routes: registerCouponRoutes, recorders: [redeemReservationOnPayment] };
