// Keys of the public data the server sends with a page's HTML (server/http/page-meta.ts) and the web app reads
// through TanStack Query (web/lib/public-plugins.ts, web/features/storefront/api/get-plugin-images.ts,
// web/features/checkout/api/get-checkout-config.ts): defined
// once so the two never drift. Free of zod: the landing page's first bundle imports it.

export const PUBLIC_PLUGINS_URL = '/api/plugins/public';

export const publicPluginsQueryKey = [PUBLIC_PLUGINS_URL] as const;

export const publicPluginImagesQueryKey = (slug: string) => ['/api/plugins', slug, 'images'] as const;

/** A plugin page's FAQ and changelog (GET /api/plugins/{slug}/details): they come with that page's HTML. */
export const publicPluginDetailsQueryKey = (slug: string) => ['/api/plugins', slug, 'details'] as const;

/** Which card form checkout shows; every storefront page reads it for the TEST MODE bar, so it comes with the HTML. */
export const CHECKOUT_CONFIG_URL = '/api/checkout/config';

export const checkoutConfigQueryKey = [CHECKOUT_CONFIG_URL] as const;

/** The vendor's store identity (name, tagline, logo, accent colour): every storefront page shows it, so it comes with the HTML. */
export const STORE_IDENTITY_URL = '/api/storefront';

export const storeIdentityQueryKey = [STORE_IDENTITY_URL] as const;

/** A vendor's text page (About, Documentation, Support, Privacy, Terms, Refunds): it comes with its page's HTML. */
export const storePageQueryKey = (slug: string) => ['/api/pages', slug] as const;
