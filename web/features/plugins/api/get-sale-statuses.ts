import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PluginSaleStatusList } from '@common/plugin-admin';
import { apiGet } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';

/** GET /api/admin/plugin-sale-status: whether each plugin is on sale, and why not. */
export const getSaleStatuses = (): Promise<PluginSaleStatusList> => apiGet<PluginSaleStatusList>('/api/admin/plugin-sale-status');

// Under the list's key (a segment with slashes, which no slug has), so whatever invalidates the plugins refreshes it.
export const saleStatusesQueryKey = [...adminPluginsQueryKey, '/api/admin/plugin-sale-status'] as const;

// Pricing, releases and the minimum release version (Settings) change it from other pages, whose mutations
// do not all invalidate the plugin list: fetched again each time the page opens rather than cached forever.
export const saleStatusesQueryOptions = () => queryOptions({ queryKey: saleStatusesQueryKey, queryFn: getSaleStatuses, staleTime: 0 });

export const useSaleStatuses = () => useQuery(saleStatusesQueryOptions());
