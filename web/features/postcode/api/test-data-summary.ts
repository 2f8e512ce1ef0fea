import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestDataSummaryResponse } from '@common/postcode';
import { apiGet } from '@/lib/api';

/** GET /api/postcode/admin/test-data-summary (admin). */
export const testDataSummaryKey = ['/api/postcode/admin/test-data-summary'] as const;

export const fetchTestDataSummary = () => apiGet<TestDataSummaryResponse>(testDataSummaryKey[0]);

export const testDataSummaryQuery = () => queryOptions({ queryKey: testDataSummaryKey, queryFn: fetchTestDataSummary });

export const useTestDataSummary = () => useQuery(testDataSummaryQuery());
