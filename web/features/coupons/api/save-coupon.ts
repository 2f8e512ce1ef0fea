import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, CouponPatch } from '@common/coupons';
import { apiJson } from '@/lib/api';
import { couponsQueryKey } from './get-coupons';

/** The create body as sent (the server upper-cases the code and fills the defaults). */
export type CouponBody = Omit<CouponPatch, 'code'> & { code: string };

export type SaveCouponInput = { id?: undefined; body: CouponBody } | { id: number; body: CouponPatch | CouponBody };

/** POST /api/admin/coupons (new) or PATCH /api/admin/coupons/{id} (edit, deactivate). */
export const saveCoupon = (input: SaveCouponInput): Promise<AdminCoupon> =>
  input.id === undefined
    ? apiJson<AdminCoupon>('POST', '/api/admin/coupons', input.body)
    : apiJson<AdminCoupon>('PATCH', `/api/admin/coupons/${input.id}`, input.body);

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }) });
}
