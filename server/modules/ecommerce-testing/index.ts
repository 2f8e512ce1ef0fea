// The ecommerce-testing module's door: everything other code may use of it. Every other file in this folder is private
// to the module (eslint.config.js; docs/architecture.md).

import type { AppModule } from '../../kernel/module.js';
import { registerEcommerceTestingRoutes } from './ecommerce-testing.routes.js';

/** What the composition root installs (server/services.ts). */
export const ecommerceTestingModule: AppModule = { name: 'ecommerce-testing', routes: registerEcommerceTestingRoutes };
