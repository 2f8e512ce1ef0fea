import type { StripeCheck } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { AFFECTED_QUERY_KEYS, paymentSetupQueryKey } from './payment-setup';

/** POST /api/admin/payment-setup/check: Stripe is asked whether the saved keys work together. */
export const checkStripe = (): Promise<StripeCheck> => apiJson<StripeCheck>('POST', '/api/admin/payment-setup/check');

export const useCheckStripe = () => useInvalidatingMutation(checkStripe, [paymentSetupQueryKey, ...AFFECTED_QUERY_KEYS]);
