// The admin's query keys of the store identity and pages: owned here because two features change them, the
// Storefront page (web/features/store-identity) and "Remove demo content" (web/features/plugins), which may
// replace both with neutral starting texts (issue 40). The public keys are in common/public-queries.ts.

/** GET /api/admin/storefront. */
export const adminStoreIdentityQueryKey = ['/api/admin/storefront'] as const;

/** GET /api/admin/pages. */
export const adminStorePagesQueryKey = ['/api/admin/pages'] as const;
