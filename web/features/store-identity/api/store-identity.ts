import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreIdentity, StoreIdentityUpdate } from '@common/store-identity';
import { storeIdentityQueryKey } from '@common/public-queries';
import { apiGet, apiJson } from '@/lib/api';

/** The admin's copy of the identity; saving also refreshes the storefront's (web/lib/brand.ts), whose key is public. */
export const adminStoreIdentityQueryKey = ['/api/admin/storefront'] as const;

export const getAdminStoreIdentity = (): Promise<StoreIdentity> => apiGet<StoreIdentity>('/api/admin/storefront');

export const adminStoreIdentityQueryOptions = () => queryOptions({ queryKey: adminStoreIdentityQueryKey, queryFn: getAdminStoreIdentity });

export const useAdminStoreIdentity = () => useQuery(adminStoreIdentityQueryOptions());

function useIdentityMutation<T>(mutationFn: (input: T) => Promise<StoreIdentity>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (identity) => {
      queryClient.setQueryData(adminStoreIdentityQueryKey, identity);
      queryClient.setQueryData(storeIdentityQueryKey, identity);
    },
  });
}

/** PUT /api/admin/storefront with any subset of the fields. */
export const updateStoreIdentity = (patch: StoreIdentityUpdate): Promise<StoreIdentity> => apiJson<StoreIdentity>('PUT', '/api/admin/storefront', patch);
export const useUpdateStoreIdentity = () => useIdentityMutation(updateStoreIdentity);

/** POST /api/admin/storefront/logo (multipart field `logo`). */
export function uploadStoreLogo(file: File): Promise<StoreIdentity> {
  const form = new FormData();
  form.append('logo', file, file.name);
  return apiJson<StoreIdentity>('POST', '/api/admin/storefront/logo', form);
}
export const useUploadStoreLogo = () => useIdentityMutation(uploadStoreLogo);

export const deleteStoreLogo = (): Promise<StoreIdentity> => apiJson<StoreIdentity>('DELETE', '/api/admin/storefront/logo');
export const useDeleteStoreLogo = () => useIdentityMutation(deleteStoreLogo);
