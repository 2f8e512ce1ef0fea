import { z } from 'zod';
import { LICENSE_KEY_PREFIX_PATTERN, MAX_REFUND_DAYS, MAX_SUPPORT_PROMISE, SPELLINGS } from './store-terms.js';

// The vendor's store identity (admin page "Storefront", docs/storefront.md "Store identity"): the name, tagline,
// logo, accent colour, addresses and legal details every public page, the page head and e-mails show.
// Stored as one settings value (`store_identity`); the demo shop's values are the specification's texts.

export const FOOTER_LINKS_MAX = 10;
/** WCAG 2.1 AA for normal text: buttons in the accent colour carry white text. */
export const MIN_ACCENT_CONTRAST = 4.5;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance of `#rrggbb` (WCAG 2.1). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Why an accent colour is refused, or null when white text on it is readable. */
export function accentColourProblem(hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return 'must be a colour written #rrggbb, such as #1d4ed8';
  const ratio = contrastRatio(hex, '#ffffff');
  if (ratio < MIN_ACCENT_CONTRAST)
    return `${hex} has a contrast of ${ratio.toFixed(2)}:1 against white, below the 4.5:1 that white button text needs (WCAG AA): choose a darker colour`;
  return null;
}

/** A path on this site: one leading slash (`//host` would leave the site). */
const SITE_PATH = /^\/([^/\\].*)?$/;
const httpUrl = z.url({ protocol: /^https?$/, message: 'must be a full http(s) address such as https://example.com/page' });
const optionalText = (max: number) => z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`);

export const footerLinkSchema = z.object({
  label: z.string({ error: 'must be text' }).trim().min(1, 'a footer link needs a label').max(60, 'a footer link label must be at most 60 characters'),
  url: z
    .string({ error: 'must be text' })
    .trim()
    .max(500, 'a footer link address must be at most 500 characters')
    .refine(
      (url) => httpUrl.safeParse(url).success || SITE_PATH.test(url),
      'a footer link must be a full http(s) address or a path on this site such as /about',
    ),
});
export type FooterLink = z.infer<typeof footerLinkSchema>;

export const storeLogoSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type StoreLogo = z.infer<typeof storeLogoSchema>;

/** What the storefront reads (GET /api/storefront): everything public of the identity. */
export const storeIdentitySchema = z.object({
  store_name: z.string(),
  /** The landing page's heading. */
  headline: z.string(),
  /** The landing page's lead, the footer's line and the default meta description. */
  tagline: z.string(),
  logo: storeLogoSchema.nullable(),
  /** `#rrggbb`, or null for the theme's own colour. */
  accent_color: z.string().nullable(),
  support_email: z.string().nullable(),
  legal_name: z.string(),
  legal_address: z.string(),
  vat_number: z.string(),
  footer_links: z.array(footerLinkSchema),
  /** The vendor's terms (common/store-terms.ts): days of the money-back guarantee, 0 for none. */
  refund_days: z.number().int().min(0).max(MAX_REFUND_DAYS),
  /** How soon support answers ("within 24 hours"); '' promises nothing. */
  support_promise: z.string(),
  /** The first group of new licence keys; '' for none. Keys already issued keep theirs. */
  license_key_prefix: z.string(),
  spelling: z.enum(SPELLINGS),
});
export type StoreIdentity = z.infer<typeof storeIdentitySchema>;

/** PUT /api/admin/storefront: any subset of the fields but the logo (uploaded on its own). */
export const storeIdentityUpdateSchema = z
  .object({
    store_name: z.string({ error: 'must be text' }).trim().min(1, 'the store name must not be empty').max(80, 'the store name must be at most 80 characters'),
    headline: optionalText(120),
    tagline: optionalText(300),
    accent_color: z
      .string({ error: 'must be text' })
      .trim()
      .superRefine((value, ctx) => {
        const problem = accentColourProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .nullable(),
    support_email: z.union([z.email({ message: 'must be one e-mail address such as support@example.com' }).max(254), z.literal('')]).nullable(),
    legal_name: optionalText(200),
    legal_address: optionalText(500),
    vat_number: optionalText(40),
    footer_links: z.array(footerLinkSchema).max(FOOTER_LINKS_MAX, `at most ${FOOTER_LINKS_MAX} footer links`),
    refund_days: z
      .number({ error: 'the refund window must be a whole number of days' })
      .int('the refund window must be a whole number of days')
      .min(0, 'the refund window must be 0 (no guarantee) or more days')
      .max(MAX_REFUND_DAYS, `the refund window must be at most ${MAX_REFUND_DAYS} days`),
    support_promise: optionalText(MAX_SUPPORT_PROMISE),
    license_key_prefix: z
      .string({ error: 'must be text' })
      .trim()
      .toUpperCase()
      .refine(
        (prefix) => prefix === '' || LICENSE_KEY_PREFIX_PATTERN.test(prefix),
        'the key prefix must be 1 to 8 letters or digits, such as ACME, or empty for none',
      ),
    spelling: z.enum(SPELLINGS, { error: "spelling must be 'british' (licence) or 'american' (license)" }),
  })
  .partial()
  .strict();
export type StoreIdentityUpdate = z.infer<typeof storeIdentityUpdateSchema>;

/** A shop that has not named itself yet (SEED_DEMO=false): neutral texts, nothing of the demo vendor. */
export const DEFAULT_STORE_IDENTITY: StoreIdentity = {
  store_name: 'My Plugin Shop',
  headline: 'WordPress plugins',
  tagline: 'WordPress plugins for your site.',
  logo: null,
  accent_color: null,
  support_email: null,
  legal_name: '',
  legal_address: '',
  vat_number: '',
  footer_links: [],
  // No promise the vendor has not made: no refund window, no answer time, keys without a prefix.
  refund_days: 0,
  support_promise: '',
  license_key_prefix: '',
  spelling: 'british',
};

/** The demo shop of docs/product-spec.md, written by the demo seed (server/db/seed.ts). */
export const DEMO_STORE_IDENTITY: StoreIdentity = {
  store_name: '8022 Plugins',
  headline: 'Premium WordPress Plugins for WooCommerce',
  tagline: 'Premium WordPress and WooCommerce plugins with one-time licences, lifetime updates and friendly support.',
  logo: null,
  accent_color: null,
  support_email: 'support@8022.dev',
  legal_name: '',
  legal_address: '',
  vat_number: '',
  footer_links: [],
  // docs/product-spec.md section 9: "30-day money-back guarantee", "a response within 24 hours", "generated key prefix 8022".
  refund_days: 30,
  support_promise: 'within 24 hours',
  license_key_prefix: '8022',
  spelling: 'british',
};

/** The stored value read leniently: a field missing or of the wrong type takes the default's. */
export function readStoreIdentity(stored: unknown): StoreIdentity {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_STORE_IDENTITY;
  const result = { ...DEFAULT_STORE_IDENTITY };
  for (const [key, field] of Object.entries(storeIdentitySchema.shape)) {
    const parsed = field.safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success) (result as Record<string, unknown>)[key] = parsed.data;
  }
  return result;
}

/** The settings row of the identity (never answered by GET /api/admin/settings; server/modules/storefront). */
export const STORE_IDENTITY_KEY = 'store_identity';
