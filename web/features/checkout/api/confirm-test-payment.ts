import { useMutation } from '@tanstack/react-query';
import type { TestConfirmBody, TestConfirmResponse } from '@common/checkout';
import { apiJson } from '@/lib/api';

/** POST /api/checkout/test/confirm: the built-in test provider charges a test card. */
export const confirmTestPayment = (body: TestConfirmBody): Promise<TestConfirmResponse> =>
  apiJson<TestConfirmResponse>('POST', '/api/checkout/test/confirm', body);

export const useConfirmTestPayment = () => useMutation({ mutationFn: confirmTestPayment });
