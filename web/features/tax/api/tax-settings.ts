import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxSettings, TaxSettingsUpdate } from '@common/tax';
import { apiGet, apiJson } from '@/lib/api';

const taxSettingsKey = ['admin', 'tax-settings'] as const;

/** GET /api/admin/tax: the vendor's tax settings (docs/tax.md). */
export const getTaxSettings = (): Promise<TaxSettings> => apiGet<TaxSettings>('/api/admin/tax');
export const useTaxSettings = () => useQuery({ queryKey: taxSettingsKey, queryFn: getTaxSettings });

/** PUT /api/admin/tax */
export const saveTaxSettings = (body: TaxSettingsUpdate): Promise<TaxSettings> => apiJson<TaxSettings>('PUT', '/api/admin/tax', body);
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTaxSettings, onSuccess: (saved) => queryClient.setQueryData(taxSettingsKey, saved) });
}
