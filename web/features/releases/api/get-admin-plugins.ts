import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlugin } from '@common/plugins';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins: the plugin list for the filter and the upload dialog. */
export const getAdminPlugins = (): Promise<AdminPlugin[]> => apiGet<AdminPlugin[]>('/api/admin/plugins');

export const adminPluginsQueryOptions = () => queryOptions({ queryKey: ['/api/admin/plugins'], queryFn: getAdminPlugins });

export const useAdminPlugins = () => useQuery(adminPluginsQueryOptions());
