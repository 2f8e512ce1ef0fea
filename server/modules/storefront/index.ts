// The storefront module's public face (docs/contributing.md): what other modules use of it.
export { emailBrand, type EmailBrand, mailSender, storeIdentity } from './storefront.service.js';
export { getStorePage } from './store-pages.service.js';
export { demoIdentityChanges, replaceDemoIdentity } from './demo-identity.js';

import type { AppModule } from '../../kernel/module.js';
import { registerStorefrontRoutes } from './storefront.routes.js';

/** What the composition root installs (server/services.ts). */
export const storefrontModule: AppModule = { name: 'storefront', routes: registerStorefrontRoutes };
