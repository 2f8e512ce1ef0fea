import { z } from 'zod';

export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** One question of a plugin's FAQ (docs/plugins.md, "Storefront texts"): plain text, shown on its storefront page. */
export const pluginFaqEntrySchema = z.object({ question: z.string(), answer: z.string() });
export type PluginFaqEntry = z.infer<typeof pluginFaqEntrySchema>;

/** The pricing fields of a plugin (docs/product-spec.md section 3), as the admin and the public plugin carry them. */
export const pluginPricingSchema = z.object({
  active: z.boolean(),
  is_free: z.boolean(),
  pricing_active: z.boolean(),
  currency: z.enum(CURRENCIES),
  price: z.number().int().nullable(),
  discount_price: z.number().int().nullable(),
  price_display: z.string().nullable(),
  discount_display: z.string().nullable(),
});
export type PluginPricing = z.infer<typeof pluginPricingSchema>;

/**
 * What the vendor writes of a plugin for the catalogue (docs/plugins.md), as the admin and the public plugin carry
 * it: `description` is the short description; the texts are plain text, never HTML, empty or null when not entered.
 */
export const pluginCatalogueFields = {
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  current_version: z.string().nullable(),
  category: z.string(),
  is_featured: z.boolean(),
  features: z.array(z.string()),
  benefits: z.array(z.string()),
  requirements: z.array(z.string()),
  use_cases: z.array(z.string()),
  long_description: z.string(),
  author: z.string().nullable(),
  documentation_url: z.string().nullable(),
  homepage: z.string().nullable(),
};

/** Plugin (admin), docs/product-spec.md section 3. */
export const adminPluginSchema = pluginPricingSchema.extend({
  ...pluginCatalogueFields,
  id: z.number(),
  lemonsqueezy_product_id: z.string().nullable(),
  faq: z.array(pluginFaqEntrySchema),
  /** When the plugin was taken off sale; null while it is on sale (then `active` is true). */
  retired_at: z.string().nullable(),
  /** The product's id and name in Easy Digital Downloads, which sites moved from there send (docs/migrating.md). */
  edd_item_id: z.number().int().nullable(),
  edd_item_name: z.string().nullable(),
});
export type AdminPlugin = z.infer<typeof adminPluginSchema>;

/** GET /api/admin/plugins/{slug}: the plugin and what already refers to its slug. */
export const adminPluginDetailSchema = adminPluginSchema.extend({
  licence_count: z.number().int(),
  release_count: z.number().int(),
  /** The slug is fixed once a licence or a release names it (WordPress sites and zips carry it). */
  is_slug_locked: z.boolean(),
});
export type AdminPluginDetail = z.infer<typeof adminPluginDetailSchema>;
