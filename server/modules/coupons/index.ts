// The coupons module's door: discount codes (docs/pricing.md "Coupons"). Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).
export { couponCodesById, eraseRedemptionAddress } from './coupons.repository.js';
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

/** What the composition root installs (server/services.ts). */
export const couponsModule: AppModule = { name: 'coupons', routes: registerCouponRoutes };
