import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlugin } from '@common/plugins';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins: the table of the Settings tab and the selectors of Images and Pricing. */
export const getAdminPlugins = (): Promise<AdminPlugin[]> => apiGet<AdminPlugin[]>('/api/admin/plugins');

export const adminPluginsQueryKey = ['/api/admin/plugins'] as const;

export const adminPluginsQueryOptions = () => queryOptions({ queryKey: adminPluginsQueryKey, queryFn: getAdminPlugins });

export const useAdminPlugins = () => useQuery(adminPluginsQueryOptions());
