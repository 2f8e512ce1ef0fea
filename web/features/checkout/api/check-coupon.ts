import { useMutation } from '@tanstack/react-query';
import type { CouponCheckBody, CouponCheckResponse } from '@common/coupons';
import { apiJson } from '@/lib/api';

/** POST /api/coupons/check: the price after a coupon, or why the code does not apply (docs/pricing.md "Coupons"). */
export const checkCoupon = (body: CouponCheckBody): Promise<CouponCheckResponse> => apiJson<CouponCheckResponse>('POST', '/api/coupons/check', body);

export const useCheckCoupon = () => useMutation({ mutationFn: checkCoupon });
