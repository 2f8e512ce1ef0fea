import { useMutation } from '@tanstack/react-query';
import type { EcommerceRunResponse } from '@common/ecommerce-testing';
import { apiJson } from '@/lib/api';

/** POST /api/ecommerce/test/run (admin): the seven report groups and the overall totals. */
export const runEcommerceTests = () => apiJson<EcommerceRunResponse>('POST', '/api/ecommerce/test/run');

export const useRunEcommerceTests = () => useMutation({ mutationKey: ['ecommerce-runner', 'run'], mutationFn: runEcommerceTests });
