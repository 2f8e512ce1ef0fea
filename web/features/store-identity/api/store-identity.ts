import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreIdentity, StoreIdentityUpdate } from '@common/store-identity';
import { storeIdentityQueryKey, storePageQueryKey } from '@common/public-queries';
import type { StorePage, StorePageSlug, StorePageUpdate } from '@common/store-pages';
import { apiGet, apiJson } from '@/lib/api';
import { adminStoreIdentityQueryKey, adminStorePagesQueryKey } from '@/lib/store-identity-keys';

/** The admin's copy of the identity; saving also refreshes the storefront's (web/lib/brand.ts), whose key is public. */
export { adminStoreIdentityQueryKey, adminStorePagesQueryKey };

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

/** The vendor's text pages as the admin edits them (GET /api/admin/pages). */
export const useAdminStorePages = () => useQuery({ queryKey: adminStorePagesQueryKey, queryFn: () => apiGet<StorePage[]>('/api/admin/pages') });

/** PUT /api/admin/pages/{slug}; the storefront's copy of the page is refreshed with the answer. */
export function useUpdateStorePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, patch }: { slug: StorePageSlug; patch: StorePageUpdate }) => apiJson<StorePage>('PUT', `/api/admin/pages/${slug}`, patch),
    onSuccess: (page) => {
      queryClient.setQueryData(storePageQueryKey(page.slug), page);
      void queryClient.invalidateQueries({ queryKey: adminStorePagesQueryKey });
    },
  });
}
