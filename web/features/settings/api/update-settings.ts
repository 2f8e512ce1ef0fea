import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, SettingsUpdate } from '@common/settings';
import { apiJson } from '@/lib/api';
import { settingsQueryKey } from './get-settings';

/** PUT /api/admin/settings with any subset of the settings; answers them all (secrets masked). */
export const updateSettings = (patch: SettingsUpdate): Promise<SettingsResponse> => apiJson<SettingsResponse>('PUT', '/api/admin/settings', patch);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings),
  });
}
