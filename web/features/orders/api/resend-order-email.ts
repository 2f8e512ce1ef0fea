import type { ResendEmailResponse } from '@common/orders';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { ordersQueryKey } from './get-orders';
import { emailsQueryKey } from './get-order-emails';

/** POST /api/admin/orders/{id}/resend-email: sends the licence e-mail again with a fresh download link. */
export const resendOrderEmail = (orderId: number): Promise<ResendEmailResponse> =>
  apiJson<ResendEmailResponse>('POST', `/api/admin/orders/${orderId}/resend-email`);

export const useResendOrderEmail = () => useInvalidatingMutation(resendOrderEmail, [ordersQueryKey, emailsQueryKey]);
