// The prices module's door: a plugin's price tiers (docs/pricing.md). Every other file in this folder is private to
// the module (eslint.config.js; docs/architecture.md).
export { deleteTiersOfPlugin, findPriceById, findPriceByLemonSqueezyVariant, listActivePrices, moveTiersToSlug, type PriceRow } from './prices.repository.js';
export { mirrorPluginPricingToTier, publicPricesBySlug, resolveCheckoutTier } from './prices.service.js';
export { countPriceRows, deleteAllPriceRows, exportPriceRows, type PriceExportRow, restorePriceRows } from './price-export.js';

import type { AppModule } from '../../kernel/module.js';
import { registerPriceRoutes } from './prices.routes.js';

/** What the composition root installs (server/services.ts). */
export const pricesModule: AppModule = { name: 'prices', routes: registerPriceRoutes };
