import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlugin } from '@common/plugins';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins: the plugins the Reviews page filters by. */
export const getReviewPlugins = (): Promise<AdminPlugin[]> => apiGet<AdminPlugin[]>('/api/admin/plugins');

export const reviewPluginsQueryOptions = () => queryOptions({ queryKey: ['admin', 'plugins'], queryFn: getReviewPlugins });

export const useReviewPlugins = () => useQuery(reviewPluginsQueryOptions());
