import { z } from 'zod';
import { pluginImageSchema, storefrontArtworkSchema } from './images.js';
import { pluginCatalogueFields, pluginFaqEntrySchema, pluginPricingSchema } from './plugins.js';
import { publicPriceSchema } from './prices.js';
import { wordpressRequirementFields } from './releases.js';

// The public catalogue (docs/product-spec.md sections 2, 3 and 7): what a visitor may see of a plugin.

export const CATALOGUE_SORTS = ['name', 'price', 'rating', 'popular'] as const;
export type CatalogSort = (typeof CATALOGUE_SORTS)[number];

export { pluginPricingSchema, type PluginPricing } from './plugins.js';

/**
 * Public plugin: the specification's fields, its display data, and whether it can be bought. Of the vendor's texts
 * (pluginCatalogueFields), only absolute http(s) addresses reach the storefront as `documentation_url` and
 * `homepage`; anything else is answered as null.
 */
export const publicPluginSchema = pluginPricingSchema.extend({
  ...pluginCatalogueFields,
  /**
   * Real numbers (docs/storefront.md, "Reviews and numbers"): the approved reviews' average (one decimal) and count
   * once the plugin has one, else the values stored on its row (the seeded demo's 4.8 and 156; 0 for a vendor's
   * plugin, which shows no rating). `verified_rating` says which: only a verified rating reaches the JSON-LD.
   */
  rating: z.number(),
  review_count: z.number().int(),
  verified_rating: z.boolean(),
  /** "1,234 downloads" from the packages served, else the row's text ("2,500+ downloads" for the demo); '' hides it. */
  downloads_label: z.string(),
  /** Sites (not local or staging) with a licence of the plugin activated; 0 hides it. */
  active_installs: z.number().int(),
  is_popular: z.boolean(),
  ...wordpressRequirementFields,
  /** The qualifying release (docs/product-spec.md section 5): newest by created_at among versions ≥ 1.7.51; null when none. */
  release_version: z.string().nullable(),
  release_date: z.string().nullable(),
  /** docs/design.md section 7: active, pricing active, a price or free, and a qualifying release. */
  is_purchasable: z.boolean(),
  /** The plugin's primary gallery image (cards and link previews), null when it has none: no call per card. */
  primary_image: pluginImageSchema.nullable(),
  /** The plugin's icon (cards show it where there is no gallery image) and banner (its page's header); null when none. */
  icon: storefrontArtworkSchema.nullable(),
  banner: storefrontArtworkSchema.nullable(),
  /** The active price tiers, in the vendor's order (docs/pricing.md); `sites: null` is unlimited. */
  prices: z.array(publicPriceSchema),
});
export type PublicPlugin = z.infer<typeof publicPluginSchema>;

export const publicPluginListSchema = z.array(publicPluginSchema);

/** One entry of a plugin's changelog, from its releases' readme.txt (docs/storefront.md, "Changelog"). */
export const changelogEntrySchema = z.object({
  /** The entry's heading, usually a version. */
  version: z.string(),
  /** The release date of that version, when a release has it. */
  date: z.string().nullable(),
  /** The entry rendered by common/markdown.ts (raw HTML off, safe links only). */
  html: z.string(),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

/** GET /api/plugins/{slug}/details: what only the plugin's own page shows (kept out of the catalogue's list). */
export const publicPluginDetailsSchema = z.object({
  faq: z.array(pluginFaqEntrySchema),
  changelog: z.array(changelogEntrySchema),
});
export type PublicPluginDetails = z.infer<typeof publicPluginDetailsSchema>;
