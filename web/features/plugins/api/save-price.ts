import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPrice, PriceCreate, PricePatch } from '@common/prices';
import { apiJson } from '@/lib/api';
import { adminPluginsQueryKey } from '@/lib/admin-plugins';

export type SavePriceInput = { slug: string; id?: undefined; body: PriceCreate } | { slug: string; id: number; body: PricePatch };

/** POST /api/admin/plugins/{slug}/prices (new tier) or PATCH /api/admin/prices/{id} (edit, deactivate). */
export const savePrice = (input: SavePriceInput): Promise<AdminPrice> =>
  input.id === undefined
    ? apiJson<AdminPrice>('POST', `/api/admin/plugins/${encodeURIComponent(input.slug)}/prices`, input.body)
    : apiJson<AdminPrice>('PATCH', `/api/admin/prices/${input.id}`, input.body);

export function useSavePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrice,
    // Under the plugin list's key (get-prices.ts): the base tier moves the plugin's own price too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPluginsQueryKey }),
  });
}
