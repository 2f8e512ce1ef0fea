// The storefront module's public face (docs/contributing.md): what other modules use of it.
export { registerStorefrontRoutes } from './storefront.routes.js';
export { emailBrand, type EmailBrand, mailSender, storeIdentity } from './storefront.service.js';
export { getStorePage } from './store-pages.service.js';
