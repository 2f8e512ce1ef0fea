import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '@common/licenses';
import { apiGet } from '@/lib/api';

export const activitiesQueryKey = ['/api/admin/activities'] as const;

export const getActivities = (): Promise<Activity[]> => apiGet<Activity[]>('/api/admin/activities?limit=10');

export const activitiesQueryOptions = () => queryOptions({ queryKey: activitiesQueryKey, queryFn: getActivities, refetchOnMount: 'always' });

export const useActivities = () => useQuery(activitiesQueryOptions());
