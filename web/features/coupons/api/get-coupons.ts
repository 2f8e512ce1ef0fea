import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCoupon } from '@common/coupons';
import { apiGet } from '@/lib/api';

/** GET /api/admin/coupons: every coupon, active ones first, newest first. */
export const getCoupons = (): Promise<AdminCoupon[]> => apiGet<AdminCoupon[]>('/api/admin/coupons');

export const couponsQueryKey = ['/api/admin/coupons'] as const;

// Redemptions change with every checkout, so the list refetches whenever the page opens.
export const couponsQueryOptions = () => queryOptions({ queryKey: couponsQueryKey, queryFn: getCoupons, refetchOnMount: 'always' });

export const useCoupons = () => useQuery(couponsQueryOptions());
