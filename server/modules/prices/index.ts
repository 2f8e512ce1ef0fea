// The prices module's door: a plugin's price tiers (docs/pricing.md). Every other file in this folder is private to
// the module (eslint.config.js; docs/architecture.md).
export { findPriceById, listActivePrices, moveTiersToSlug, type PriceRow } from './prices.repository.js';
export { registerPriceRoutes } from './prices.routes.js';
export { mirrorPluginPricingToTier, publicPricesBySlug, resolveCheckoutTier } from './prices.service.js';
