import { useMutation } from '@tanstack/react-query';
import type { EcommerceSetupResponse } from '@common/ecommerce-testing';
import { apiJson } from '@/lib/api';

/** POST /api/ecommerce/admin/setup-test-data (admin). */
export const setupEcommerceTestData = () => apiJson<EcommerceSetupResponse>('POST', '/api/ecommerce/admin/setup-test-data');

export const useSetupEcommerceTestData = () => useMutation({ mutationKey: ['ecommerce-runner', 'setup'], mutationFn: setupEcommerceTestData });
