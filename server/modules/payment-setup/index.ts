// The payment-setup module's door: the admin's Payments and E-mail pages (issue 41; docs/payment-setup.md). Every
// other file in this folder is private to the module (eslint.config.js; docs/architecture.md).
export { emailWorking } from './email-setup.service.js';
export { paymentsWorking } from './payment-setup.service.js';

import type { AppModule } from '../../kernel/module.js';
import { registerPaymentSetupRoutes } from './payment-setup.routes.js';

/** What the composition root installs (server/services.ts). */
export const paymentSetupModule: AppModule = { name: 'payment-setup', routes: registerPaymentSetupRoutes };
