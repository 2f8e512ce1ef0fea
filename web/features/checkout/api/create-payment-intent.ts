import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentIntentBody, CreatePaymentIntentResponse } from '@common/checkout';
import { apiJson } from '@/lib/api';

/** POST /api/create-payment-intent: the server prices the plugin, records a pending order, answers the client secret. */
export const createPaymentIntent = (body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResponse> =>
  apiJson<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', body);

export const useCreatePaymentIntent = () => useMutation({ mutationFn: createPaymentIntent });
