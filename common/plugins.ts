import { z } from 'zod';

export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** One question of a plugin's FAQ (docs/plugins.md, "Storefront texts"): plain text, shown on its storefront page. */
export const pluginFaqEntrySchema = z.object({ question: z.string(), answer: z.string() });
export type PluginFaqEntry = z.infer<typeof pluginFaqEntrySchema>;

/** Plugin (admin), docs/product-spec.md section 3. */
export const adminPluginSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  current_version: z.string().nullable(),
  active: z.boolean(),
  lemonsqueezy_product_id: z.string().nullable(),
  pricing_active: z.boolean(),
  is_free: z.boolean(),
  currency: z.enum(CURRENCIES),
  price: z.number().int().nullable(),
  discount_price: z.number().int().nullable(),
  price_display: z.string().nullable(),
  discount_display: z.string().nullable(),
  // The vendor's catalogue fields (docs/plugins.md); `description` above is the short description.
  long_description: z.string(),
  category: z.string(),
  features: z.array(z.string()),
  benefits: z.array(z.string()),
  requirements: z.array(z.string()),
  use_cases: z.array(z.string()),
  faq: z.array(pluginFaqEntrySchema),
  homepage: z.string().nullable(),
  documentation_url: z.string().nullable(),
  author: z.string().nullable(),
  is_featured: z.boolean(),
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
