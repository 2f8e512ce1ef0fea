import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@common/licenses';
import { apiGet } from '@/lib/api';

export const statsQueryKey = ['/api/admin/stats'] as const;

export const getStats = (): Promise<Stats> => apiGet<Stats>('/api/admin/stats');

// Licences are activated by WordPress sites, outside this browser: refetch whenever the dashboard opens.
export const statsQueryOptions = () => queryOptions({ queryKey: statsQueryKey, queryFn: getStats, refetchOnMount: 'always' });

export const useStats = () => useQuery(statsQueryOptions());
