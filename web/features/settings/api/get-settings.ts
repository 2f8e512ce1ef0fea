import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@common/settings';
import { apiGet } from '@/lib/api';

/** GET /api/admin/settings: values, with secrets answered only as whether they are set. */
export const getSettings = (): Promise<SettingsResponse> => apiGet<SettingsResponse>('/api/admin/settings');

export const settingsQueryKey = ['/api/admin/settings'] as const;

export const settingsQueryOptions = () => queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());
