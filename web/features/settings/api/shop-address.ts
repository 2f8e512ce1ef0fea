import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfirmShopAddress, ShopAddress } from '@common/settings';
import { apiGet, apiJson } from '@/lib/api';

/**
 * GET /api/admin/shop-address: what e-mailed links start with (Base URL, else the confirmed address), the
 * address of this admin request (the prompt's suggestion) and how many e-mails wait for an address.
 */
export const getShopAddress = (): Promise<ShopAddress> => apiGet<ShopAddress>('/api/admin/shop-address');

export const shopAddressQueryKey = ['/api/admin/shop-address'] as const;

export const shopAddressQueryOptions = () => queryOptions({ queryKey: shopAddressQueryKey, queryFn: getShopAddress });

export const useShopAddress = () => useQuery(shopAddressQueryOptions());

/** PUT /api/admin/shop-address: confirms the shop's address; held e-mails leave with it. */
export const confirmShopAddress = (body: ConfirmShopAddress): Promise<ShopAddress> => apiJson<ShopAddress>('PUT', '/api/admin/shop-address', body);

export function useConfirmShopAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmShopAddress,
    onSuccess: (address) => {
      queryClient.setQueryData(shopAddressQueryKey, address);
      // The dashboard's checklist ticks "Shop address" without a reload (issue 41), and the Payments page's Go live.
      // Not awaited: the caller's own onSuccess (the "Shop Address Saved" toast) must run before the saved address
      // unmounts the dialog that asked, or TanStack Query skips it.
      for (const queryKey of [['/api/admin/setup-checklist'], ['/api/admin/payment-setup']]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
