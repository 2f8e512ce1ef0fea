import { z } from 'zod';
import { CURRENCIES } from './plugins.js';

// PATCH /api/admin/plugins/{slug}: the product id edit and the pricing edit (spec sections 4, 5, 7).

export const PRODUCT_ID_MESSAGE = 'LemonSqueezy Product ID must be a numeric string';

/** Digits only; the page sends an empty entry as null. */
export const isValidProductId = (value: string): boolean => /^\d+$/.test(value);

const minorAmount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of minor units (pence, cents)` })
    .int(`${label} must be a whole number of minor units (pence, cents)`)
    .min(0, `${label} must be 0 or more`)
    .max(100_000_000, `${label} must be at most 100000000`)
    .nullable();

const displayText = (label: string) => z.string({ error: `${label} must be text` }).trim().max(100, `${label} must be at most 100 characters`).nullable();

export const pluginPatchSchema = z
  .object({
    lemonsqueezy_product_id: z
      .string({ error: PRODUCT_ID_MESSAGE })
      .trim()
      .max(20, 'LemonSqueezy Product ID must be at most 20 digits')
      .refine(isValidProductId, PRODUCT_ID_MESSAGE)
      .nullable(),
    price: minorAmount('Price'),
    discount_price: minorAmount('Discount price'),
    currency: z.enum(CURRENCIES, { error: `Currency must be one of ${CURRENCIES.join(', ')}` }),
    price_display: displayText('Price display'),
    discount_display: displayText('Discount display'),
    is_free: z.boolean({ error: 'is_free must be true or false' }),
    pricing_active: z.boolean({ error: 'pricing_active must be true or false' }),
  })
  .partial()
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Send at least one field to change');
export type PluginPatch = z.infer<typeof pluginPatchSchema>;

export const pluginSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
