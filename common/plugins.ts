import { z } from 'zod';

export const CURRENCIES = ['GBP', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Plugin (admin), spec section 3. */
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
});
export type AdminPlugin = z.infer<typeof adminPluginSchema>;
