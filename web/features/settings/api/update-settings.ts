import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, SettingsUpdate } from '@common/settings';
import { apiJson } from '@/lib/api';
import { settingsQueryKey } from './get-settings';
import { shopAddressQueryKey } from './shop-address';

/** PUT /api/admin/settings with any subset of the settings; answers them all (secrets masked). */
export const updateSettings = (patch: SettingsUpdate): Promise<SettingsResponse> => apiJson<SettingsResponse>('PUT', '/api/admin/settings', patch);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      // The Base URL decides where e-mailed links point, and a new one sends the e-mails held for want of it.
      void queryClient.invalidateQueries({ queryKey: shopAddressQueryKey });
    },
  });
}
