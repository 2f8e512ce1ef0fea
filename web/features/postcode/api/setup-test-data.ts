import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupTestDataResponse } from '@common/postcode';
import { apiJson } from '@/lib/api';
import { testDataSummaryKey } from './test-data-summary';

/** POST /api/postcode/admin/setup-test-data (admin): installs the fixture, then refreshes the summary. */
export const setupPostcodeTestData = () => apiJson<SetupTestDataResponse>('POST', '/api/postcode/admin/setup-test-data');

export function useSetupPostcodeTestData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['postcode-runner', 'setup'],
    mutationFn: setupPostcodeTestData,
    onSuccess: (response) => queryClient.setQueryData(testDataSummaryKey, { success: true as const, data: response.data }),
  });
}
