import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPlugin } from '@common/plugins';
import { apiGet } from './api';

// GET /api/admin/plugins: shared by the licences, releases and plugin-settings pages (selectors, filters, the
// Settings table). One owner of the cache key; mutations that change a plugin invalidate adminPluginsQueryKey.
export const getAdminPlugins = (): Promise<AdminPlugin[]> => apiGet<AdminPlugin[]>('/api/admin/plugins');

export const adminPluginsQueryKey = ['/api/admin/plugins'] as const;

export const adminPluginsQueryOptions = () => queryOptions({ queryKey: adminPluginsQueryKey, queryFn: getAdminPlugins });

export const useAdminPlugins = () => useQuery(adminPluginsQueryOptions());
