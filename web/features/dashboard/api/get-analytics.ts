import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsWindow } from '@common/dashboard';
import { apiGet } from '@/lib/api';

export const analyticsQueryKey = (days: AnalyticsWindow) => ['/api/admin/dashboard/analytics', days] as const;

export const getAnalytics = (days: AnalyticsWindow): Promise<Analytics> => apiGet<Analytics>(`/api/admin/dashboard/analytics?days=${days}`);

// Sales and sites change outside this browser: refetch whenever the dashboard opens. While the 30/90 toggle
// loads the other window, the charts keep the previous one instead of flashing a skeleton.
export const analyticsQueryOptions = (days: AnalyticsWindow) =>
  queryOptions({ queryKey: analyticsQueryKey(days), queryFn: () => getAnalytics(days), refetchOnMount: 'always', placeholderData: keepPreviousData });

export const useAnalytics = (days: AnalyticsWindow) => useQuery(analyticsQueryOptions(days));
