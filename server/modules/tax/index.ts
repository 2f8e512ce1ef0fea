// The tax module's door (docs/tax.md): the vendor's tax settings, rates, VAT numbers, location evidence and the
// tax of a sale. Every other file in this folder is private to the module (eslint.config.js; docs/architecture.md).
export { computeTax, locationEvidence, type ComputedTax, type LocationEvidence } from './tax.service.js';
export { readTaxSettings } from './tax-settings.repository.js';
export { requestCountry } from './location.js';

import type { AppModule } from '../../kernel/module.js';
import { registerTaxRoutes } from './tax.routes.js';

/** What the composition root installs (server/services.ts). */
export const taxModule: AppModule = { name: 'tax', routes: registerTaxRoutes };
