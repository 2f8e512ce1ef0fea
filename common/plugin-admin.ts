import { z } from 'zod';
import { MAX_CATEGORY_LENGTH } from './categories.js';
import { adminPluginDetailSchema, CURRENCIES } from './plugins.js';

// The admin's plugin calls (docs/plugins.md): POST /api/admin/plugins creates a plugin; PATCH
// /api/admin/plugins/{slug} edits its catalogue fields, retires it, and keeps the specification's product id
// and pricing edits (docs/product-spec.md sections 4, 5, 7). Messages are sentences the admin page shows as they are.

/** Names the wire field, as every id's message does (server/input-fuzz.db.test.ts). */
export const EDD_ITEM_ID_MESSAGE = 'edd_item_id must be a whole number from 1 to 2147483647 (the EDD item ID)';

export const PRODUCT_ID_MESSAGE = 'LemonSqueezy Product ID must be a numeric string';

/** Digits only; the page sends an empty entry as null. */
export const isValidProductId = (value: string): boolean => /^\d+$/.test(value);

/** WordPress plugin slug syntax: lowercase letters, digits and hyphens, starting and ending with a letter or digit. */
export const PLUGIN_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
export const PLUGIN_SLUG_MESSAGE =
  'Slug must be 2 to 100 characters: lowercase letters, digits and hyphens, starting and ending with a letter or digit (for example my-plugin)';

export const MAX_SHORT_DESCRIPTION = 300;
export const MAX_LONG_DESCRIPTION = 20_000;
export const MAX_LIST_ITEMS = 30;
export const MAX_FAQ_ENTRIES = 30;
export const MAX_FAQ_QUESTION = 300;
export const MAX_FAQ_ANSWER = 5000;

const minorAmount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of minor units (pence, cents)` })
    .int(`${label} must be a whole number of minor units (pence, cents)`)
    .min(0, `${label} must be 0 or more`)
    .max(100_000_000, `${label} must be at most 100000000`)
    .nullable();

const text = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const displayText = (label: string) => text(label, 100).nullable();

/** An absolute http(s) address, or empty/null for none. */
export const isWebAddress = (value: string): boolean => {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const webAddress = (label: string) =>
  text(label, 500).refine(isWebAddress, `${label} must be a full web address starting with https:// (or leave it empty)`).nullable();

const textList = (label: string, plural: string) =>
  z
    .array(text(label, 200).min(1, `${label} lines cannot be empty`), { error: `${plural} must be a list of texts` })
    .max(MAX_LIST_ITEMS, `At most ${MAX_LIST_ITEMS} ${plural.toLowerCase()}`);

/** A plugin's FAQ: questions and answers of plain text, each question once (the storefront lists them in this order). */
const faqList = z
  .array(
    z
      .object(
        {
          question: text('FAQ question', MAX_FAQ_QUESTION).min(1, 'FAQ questions cannot be empty'),
          answer: text('FAQ answer', MAX_FAQ_ANSWER).min(1, 'FAQ answers cannot be empty: write the answer or remove the question'),
        },
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys' ? 'FAQ entries take only a question and an answer' : 'FAQ entries must each have a question and an answer',
        },
      )
      .strict(),
    { error: 'FAQ must be a list of questions and answers' },
  )
  .max(MAX_FAQ_ENTRIES, `At most ${MAX_FAQ_ENTRIES} FAQ entries`)
  .refine((entries) => new Set(entries.map((entry) => entry.question.toLowerCase())).size === entries.length, 'Each FAQ question must be different');

export const pluginSlugSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Slug is required' : 'Slug must be text') })
  .trim()
  .min(2, PLUGIN_SLUG_MESSAGE)
  .max(100, PLUGIN_SLUG_MESSAGE)
  .regex(PLUGIN_SLUG_PATTERN, PLUGIN_SLUG_MESSAGE);

/** The storefront fields of a plugin; `description` is its short description (cards, tables, meta). */
const catalogFields = {
  name: text('Name', 100).min(1, 'Name is required'),
  description: text('Short description', MAX_SHORT_DESCRIPTION),
  long_description: text('Long description', MAX_LONG_DESCRIPTION),
  category: text('Category', MAX_CATEGORY_LENGTH).min(1, 'Category is required'),
  features: textList('Feature', 'Features'),
  benefits: textList('Benefit', 'Benefits'),
  requirements: textList('Requirement', 'Requirements'),
  use_cases: textList('Use case', 'Use cases'),
  faq: faqList,
  homepage: webAddress('Homepage'),
  documentation_url: webAddress('Documentation URL'),
  author: text('Author', 100).nullable(),
  is_featured: z.boolean({ error: 'is_featured must be true or false' }),
};

const { name, ...optionalCatalogFields } = catalogFields;

/** POST /api/admin/plugins: slug and name; everything else may follow later through PATCH. */
export const pluginCreateSchema = z.object({ slug: pluginSlugSchema, name, ...z.object(optionalCatalogFields).partial().shape }).strict();
export type PluginCreate = z.input<typeof pluginCreateSchema>;

export const pluginPatchSchema = z
  .object({
    slug: pluginSlugSchema,
    ...catalogFields,
    /** true takes the plugin off sale (storefront, catalogue, checkout); false puts it back. */
    retired: z.boolean({ error: 'retired must be true or false' }),
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
    /** The EDD product id and name sites moved from Easy Digital Downloads send (docs/migrating.md). */
    edd_item_id: z
      .number({ error: EDD_ITEM_ID_MESSAGE })
      .int(EDD_ITEM_ID_MESSAGE)
      .min(1, EDD_ITEM_ID_MESSAGE)
      .max(2_147_483_647, EDD_ITEM_ID_MESSAGE)
      .nullable(),
    edd_item_name: text('EDD item name', 200).nullable(),
  })
  .partial()
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Send at least one field to change');
export type PluginPatch = z.infer<typeof pluginPatchSchema>;

export const pluginSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

/** Whether the storefront and checkout sell the plugin now, and why not (common/sale-status.ts). */
export const saleStatusSchema = z.object({ on_sale: z.boolean(), reasons: z.array(z.string()) });

/** GET /api/admin/plugins/{slug}: the plugin, what refers to its slug, and its sale status. */
export const adminPluginDetailWithSaleSchema = adminPluginDetailSchema.extend({ sale_status: saleStatusSchema });
export type AdminPluginDetailWithSale = z.infer<typeof adminPluginDetailWithSaleSchema>;

/** GET /api/admin/plugin-sale-status: every plugin's sale status, for the Plugins page table. */
export const pluginSaleStatusListSchema = z.array(z.object({ slug: z.string(), sale_status: saleStatusSchema }));
export type PluginSaleStatusList = z.infer<typeof pluginSaleStatusListSchema>;

/** One line of the preview: a store setting or page, its demo value and its starting value. */
export const demoIdentityChangeSchema = z.object({ label: z.string(), from: z.string(), to: z.string() });
export type DemoIdentityChange = z.infer<typeof demoIdentityChangeSchema>;

/** GET /api/admin/demo-content and the answer of its removal (docs/plugins.md, "Remove demo content"). */
export const demoContentSchema = z.object({
  /** The demo plugins still in the shop. */
  plugins: z.array(z.string()),
  removable: z.boolean(),
  /** Why they cannot be removed (a sale or a licence), or null. */
  blocked_by: z.string().nullable(),
  /**
   * What replacing the demo store identity and pages with neutral starting texts would change, old → new (issue 40);
   * empty once nothing of the demo vendor is left.
   */
  identity: z.array(demoIdentityChangeSchema),
});
export type DemoContent = z.infer<typeof demoContentSchema>;

/** POST /api/admin/demo-content/remove: whether the demo store identity and pages are replaced too. */
export const demoContentRemovalSchema = z
  .object({ replace_identity: z.boolean({ error: 'replace_identity must be true or false' }).default(false) })
  .strict()
  .nullish();
